/**
 * Assignments through real HTTP: a teacher hands out a module to the class and an activity to two
 * students; each student's To do / Missing / Done as the clock passes the due time; the report and
 * its CSV; extensions, drafts, "available from", editing and deleting; bad input named by field;
 * times read on the classroom's clock.
 */
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { localDateAndTime } from '../common/zonedTime'
import { Actors } from './helpers/actors'
import { type Client, fieldMessages, message } from './helpers/client'
import { startServer, type TestServer } from './helpers/server'

let server: TestServer
let actors: Actors
let clockFile: string
let teacher: Client & { user: any }
let otherTeacher: Client & { user: any }
let classroomId: number
let students: (Client & { user: any })[]
let outsider: Client & { user: any }
let moduleId: number
let readingIds: number[]
let quizId: number

const HOUR = 3600_000
/** Moves the server's clock (cms/attempts/clock.ts) to `offset` ms from now. */
const moveClock = (offset: number) => fs.writeFileSync(clockFile, String(offset))

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'civics-clock-'))
  clockFile = path.join(dir, 'clock')
  server = await startServer({ env: { RATE_LIMIT_FACTOR: '50', TEST_CLOCK_FILE: clockFile } })
  actors = new Actors(server.payload, server.base)
  teacher = await actors.educator()
  otherTeacher = await actors.educator()
  classroomId = (await actors.classroom(teacher)).id as number
  students = [await actors.student(classroomId), await actors.student(classroomId), await actors.student(classroomId)]
  outsider = await actors.student((await actors.classroom(otherTeacher)).id)
  const p = server.payload
  const topic = await p.create({ collection: 'topics', data: { title: 'Branches', markdown: 'Body', order: 1 } as never, overrideAccess: true })
  const mod = await p.create({
    collection: 'modules',
    data: { title: 'Checks and balances', markdown: 'Body', order: 1, topic: topic.id } as never,
    overrideAccess: true,
  })
  moduleId = mod.id as number
  const activity = async (title: string, type: string, order: number, module: number = moduleId) =>
    (await p.create({ collection: 'activities', data: { title, type, markdown: 'Body', order, module } as never, overrideAccess: true })).id as number
  readingIds = [await activity('Read the Constitution', 'readings', 1), await activity('Watch the video', 'video', 2)]
  const other = await p.create({
    collection: 'modules',
    data: { title: 'Elections', markdown: 'Body', order: 2, topic: topic.id } as never,
    overrideAccess: true,
  })
  quizId = await activity('Elections quiz', 'storyline', 1, other.id as number)
}, 120_000)
afterAll(() => server?.close())

/** The student's quiz result as the package would report it (what the attempts endpoints store). */
const quizResult = (student: { user: any }, status: 'passed' | 'failed', completedAt: string) =>
  server.payload.create({
    collection: 'attempts',
    data: {
      student: student.user.id,
      activity: quizId,
      classroom: classroomId,
      status,
      score: { raw: 80, min: 0, max: 100, scaled: 0.8 },
      completedAt,
    } as never,
    overrideAccess: true,
  })

/** A date alone is a day on the classroom's clock (Eastern here), not UTC's: in the evening they differ. */
const dayFromNow = (days: number) => localDateAndTime(Date.now() + days * 24 * HOUR, 'America/New_York').date
const tomorrow = () => dayFromNow(1)
const statusesOf = async (student: Client) => {
  const res = await student.get('/api/assignments/mine')
  expect(res.status).toBe(200)
  return Object.fromEntries(res.body.assignments.map((a: any) => [a.title, a.status]))
}

describe('assignments', () => {
  let moduleAssignment: number
  let quizAssignment: number

  it('bad input is a 400 that names the field and says why', async () => {
    const base = { classroom: classroomId, title: 'Week 1', dueAt: tomorrow(), modules: [moduleId] }
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...base, title: '' }, 'title', /title/],
      [{ ...base, dueAt: '2026-02-30' }, 'dueAt', /must be a date/],
      [{ ...base, availableFrom: '2030-01-02', dueAt: '2030-01-01' }, 'dueAt', /after availableFrom/],
      [{ ...base, modules: [], activities: [] }, 'activities', /at least one module or activity/],
      [{ ...base, modules: [999999] }, 'modules.0', /No module has the id 999999/],
      [{ ...base, activities: [quizId, 888888] }, 'activities.1', /No activity has the id 888888/],
      [{ ...base, activities: ['x y'] }, 'activities', /list of ids/],
      [{ ...base, students: [outsider.user.id] }, 'students.0', /not in this classroom/],
      [{ ...base, timeZone: 'Florida/Panhandle' }, 'timeZone', /time zone name/],
      [{ ...base, state: 'secret' }, 'state', /draft or published/],
      [{ ...base, colour: 'red' }, 'colour', /Unknown field/],
    ]
    for (const [body, field, why] of cases) {
      const res = await teacher.post('/api/assignments', body)
      expect(res.status, field).toBe(400)
      expect(fieldMessages(res)[field], field).toMatch(why)
    }
    const noClass = await teacher.post('/api/assignments', { ...base, classroom: undefined })
    expect(noClass.status).toBe(400)
    expect(fieldMessages(noClass).classroom).toMatch(/classroom is required/)
    expect((await teacher.put(`/api/classrooms/${classroomId}`, { name: 'Civics', code: 'CIV-ASSIGN', timeZone: 'Mars/Olympus' })).status).toBe(400)
  })

  it('a date alone is due at 11:59 pm on the classroom clock, Eastern by default, Central when the class is', async () => {
    const east = await teacher.post('/api/assignments', { classroom: classroomId, title: 'Eastern', dueAt: '2030-03-05', modules: [moduleId], state: 'draft' })
    expect(east.status).toBe(201)
    expect(east.body.dueAt).toBe('2030-03-06T04:59:00.000Z')
    const panhandle = (
      await teacher.post(`/api/users/${teacher.user.id}/classrooms`, { name: 'Pensacola 7th', code: 'PNS-ASSIGN', timeZone: 'America/Chicago' })
    ).body
    expect(panhandle.timeZone).toBe('America/Chicago')
    const central = await teacher.post('/api/assignments', {
      classroom: panhandle.id,
      title: 'Central',
      dueAt: '2030-07-05',
      availableFrom: '2030-07-01T08:00',
      modules: [moduleId],
    })
    expect(central.body.dueAt).toBe('2030-07-06T04:59:00.000Z')
    expect(central.body.availableFrom).toBe('2030-07-01T13:00:00.000Z')
    const zoned = await teacher.post('/api/assignments', {
      classroom: classroomId,
      title: 'Given zone',
      dueAt: '2030-07-05T17:00',
      timeZone: 'America/Chicago',
      activities: [quizId],
    })
    expect(zoned.body.dueAt).toBe('2030-07-05T22:00:00.000Z')
    // Ids as a form sends them (text) name the same documents.
    const asText = await teacher.post('/api/assignments', {
      classroom: String(classroomId),
      title: 'Text ids',
      dueAt: '2030-07-05',
      modules: [String(moduleId)],
      students: [String(students[0].user.id)],
    })
    expect(asText.status).toBe(201)
    expect(asText.body.modules).toEqual([moduleId])
    expect((await teacher.delete(`/api/assignments/${asText.body.id}`)).status).toBe(200)
    for (const id of [east.body.id, central.body.id, zoned.body.id]) expect((await teacher.delete(`/api/assignments/${id}`)).status).toBe(200)
  })

  it('the class sees the module under To do; the two chosen students also the quiz; nobody sees a draft or work not yet available', async () => {
    moveClock(0)
    const module = await teacher.post('/api/assignments', {
      classroom: classroomId,
      title: 'Checks and balances',
      instructions: 'Read, watch, mark them done.',
      dueAt: tomorrow(),
      modules: [moduleId],
    })
    expect(module.status).toBe(201)
    moduleAssignment = module.body.id
    const quiz = await teacher.post('/api/assignments', {
      classroom: classroomId,
      title: 'Elections quiz',
      dueAt: tomorrow(),
      activities: [quizId],
      students: [students[0].user.id, students[1].user.id],
    })
    expect(quiz.status).toBe(201)
    quizAssignment = quiz.body.id
    const draft = await teacher.post('/api/assignments', { classroom: classroomId, title: 'Draft', dueAt: tomorrow(), modules: [moduleId], state: 'draft' })
    const later = await teacher.post('/api/assignments', {
      classroom: classroomId,
      title: 'Later',
      availableFrom: new Date(Date.now() + 2 * 24 * HOUR).toISOString(),
      dueAt: new Date(Date.now() + 5 * 24 * HOUR).toISOString(),
      modules: [moduleId],
    })
    expect(later.status).toBe(201)

    expect(await statusesOf(students[0])).toEqual({ 'Checks and balances': 'todo', 'Elections quiz': 'todo' })
    expect(await statusesOf(students[1])).toEqual({ 'Checks and balances': 'todo', 'Elections quiz': 'todo' })
    expect(await statusesOf(students[2])).toEqual({ 'Checks and balances': 'todo' })
    expect(await statusesOf(outsider)).toEqual({})
    const mine = (await students[0].get('/api/assignments/mine')).body
    expect(mine.timeZone).toBe('America/New_York')
    const items = mine.assignments.find((a: any) => a.title === 'Checks and balances').items
    expect(items.map((i: any) => [i.title, i.moduleTitle, i.done])).toEqual([
      ['Read the Constitution', 'Checks and balances', false],
      ['Watch the video', 'Checks and balances', false],
    ])
    // Publishing the draft shows it; "available from" passing shows the later one.
    expect((await teacher.patch(`/api/assignments/${draft.body.id}`, { state: 'published' })).status).toBe(200)
    expect(Object.keys(await statusesOf(students[2]))).toContain('Draft')
    moveClock(3 * 24 * HOUR)
    expect(Object.keys(await statusesOf(students[2]))).toContain('Later')
    moveClock(0)
    for (const id of [draft.body.id, later.body.id]) expect((await teacher.delete(`/api/assignments/${id}`)).status).toBe(200)
    expect(Object.keys(await statusesOf(students[2]))).toEqual(['Checks and balances'])
  })

  it('done when every item is; missing once past due; a late finish is late; the report and CSV say exactly that', async () => {
    // Student 0 does everything on time: marks the readings done and passes the quiz.
    for (const id of readingIds) expect((await students[0].put(`/api/activities/${id}/done`, { done: true })).status).toBe(200)
    await quizResult(students[0], 'passed', new Date().toISOString())
    // Student 1 fails the quiz (not done: they may try again) and does half the module.
    await quizResult(students[1], 'failed', new Date().toISOString())
    expect((await students[1].put(`/api/activities/${readingIds[0]}/done`, { done: true })).status).toBe(200)
    expect(await statusesOf(students[0])).toEqual({ 'Checks and balances': 'done', 'Elections quiz': 'done' })
    expect(await statusesOf(students[1])).toEqual({ 'Checks and balances': 'todo', 'Elections quiz': 'todo' })

    moveClock(2 * 24 * HOUR)
    expect(await statusesOf(students[1])).toEqual({ 'Checks and balances': 'missing', 'Elections quiz': 'missing' })
    expect(await statusesOf(students[2])).toEqual({ 'Checks and balances': 'missing' })
    // Student 1 finishes the module after the due time: late (the clock of the mark is the server's).
    expect((await students[1].put(`/api/activities/${readingIds[1]}/done`, { done: true })).status).toBe(200)
    expect(await statusesOf(students[1])).toEqual({ 'Checks and balances': 'late', 'Elections quiz': 'missing' })

    const list = await teacher.get(`/api/assignments?classroom=${classroomId}`)
    expect(list.status).toBe(200)
    expect(list.body.classroom.timeZone).toBe('America/New_York')
    const counts = Object.fromEntries(list.body.assignments.map((a: any) => [a.title, a.counts]))
    expect(counts['Checks and balances']).toEqual({ assigned: 3, todo: 0, done: 1, late: 1, missing: 1 })
    expect(counts['Elections quiz']).toEqual({ assigned: 2, todo: 0, done: 1, late: 0, missing: 1 })

    const report = await teacher.get(`/api/assignments/${quizAssignment}/report`)
    expect(report.status).toBe(200)
    expect(report.body.items.map((i: any) => i.title)).toEqual(['Elections quiz'])
    const rows = Object.fromEntries(report.body.students.map((s: any) => [s.username, [s.status, s.score, Boolean(s.doneAt)]]))
    expect(rows).toEqual({ [students[0].user.username]: ['done', 80, true], [students[1].user.username]: ['missing', 80, false] })

    const csv = await teacher.get(`/api/assignments/${moduleAssignment}/report/csv`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/)
    expect(csv.headers.get('content-disposition')).toMatch(/checks-and-balances-report\.csv/)
    const lines = String(csv.body)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('Username,First name,Last name,Status,Score (%),Done at,Due')
    expect(lines).toHaveLength(4)
    const byUser = Object.fromEntries(lines.slice(1).map((l) => [l.split(',')[0], l.split(',')[3]]))
    expect(byUser).toEqual({ [students[0].user.username]: 'Done', [students[1].user.username]: 'Done late', [students[2].user.username]: 'Missing' })
    expect(lines[1]).toMatch(/,\d{4}-\d{2}-\d{2} 23:59$/)
  })

  it("one student's due date is extended; editing and deleting are the teacher's", async () => {
    const later = dayFromNow(5)
    const res = await teacher.patch(`/api/assignments/${moduleAssignment}`, { extensions: [{ student: students[2].user.id, dueAt: later }] })
    expect(res.status).toBe(200)
    expect(await statusesOf(students[2])).toEqual({ 'Checks and balances': 'todo' })
    const bad = await teacher.patch(`/api/assignments/${quizAssignment}`, { extensions: [{ student: students[2].user.id, dueAt: later }] })
    expect(bad.status).toBe(400)
    expect(fieldMessages(bad)['extensions.0.student']).toMatch(/not given this assignment/)
    expect((await teacher.patch(`/api/assignments/${quizAssignment}`, { classroom: 12345 })).status).toBe(400)
    expect((await teacher.patch(`/api/assignments/${quizAssignment}`, { title: 'Elections quiz (retake)' })).body.title).toBe('Elections quiz (retake)')
    // A student with an extension can still be deleted; the extension goes with them.
    const leaving = await actors.student(classroomId)
    const both = [
      { student: students[2].user.id, dueAt: later },
      { student: leaving.user.id, dueAt: later },
    ]
    expect((await teacher.patch(`/api/assignments/${moduleAssignment}`, { extensions: both })).body.extensions).toHaveLength(2)
    expect((await teacher.delete(`/api/classrooms/${classroomId}/students/${leaving.user.id}/account`)).status).toBe(200)
    const kept = await teacher.get(`/api/assignments/${moduleAssignment}/report`)
    expect(kept.body.assignment.extensions.map((e: any) => e.student)).toEqual([students[2].user.id])
    expect(kept.body.students).toHaveLength(3)
  })

  it('another teacher and another classroom read and change nothing; students read only their own', async () => {
    expect((await otherTeacher.get(`/api/assignments?classroom=${classroomId}`)).status).toBe(403)
    expect((await otherTeacher.get(`/api/assignments/${moduleAssignment}/report`)).status).toBe(403)
    expect((await otherTeacher.get(`/api/assignments/${moduleAssignment}/report/csv`)).status).toBe(403)
    expect((await otherTeacher.patch(`/api/assignments/${moduleAssignment}`, { title: 'Mine now' })).status).toBe(403)
    expect((await otherTeacher.delete(`/api/assignments/${moduleAssignment}`)).status).toBe(403)
    expect((await otherTeacher.get(`/api/assignments/${moduleAssignment}`)).status).toBe(404)
    expect((await otherTeacher.post('/api/assignments', { classroom: classroomId, title: 'X', dueAt: tomorrow(), modules: [moduleId] })).status).toBe(403)
    for (const student of [students[0], outsider]) {
      expect((await student.get(`/api/assignments?classroom=${classroomId}`)).status).toBe(403)
      expect((await student.get(`/api/assignments/${moduleAssignment}/report`)).status).toBe(403)
      expect((await student.get(`/api/assignments/${moduleAssignment}`)).status).toBe(403)
    }
    expect(await statusesOf(outsider)).toEqual({})
    expect((await teacher.get('/api/assignments/mine')).status).toBe(403)
    expect(message(await actors.anonymous().get('/api/assignments/mine'))).toMatch(/logged in/)
  })

  it("deleting an assignment, or its classroom, takes it from the students' lists", async () => {
    expect((await teacher.delete(`/api/assignments/${quizAssignment}`)).status).toBe(200)
    expect(Object.keys(await statusesOf(students[0]))).toEqual(['Checks and balances'])
    expect((await teacher.delete(`/api/classrooms/${classroomId}?students=keep`)).status).toBe(200)
    expect((await server.payload.count({ collection: 'assignments', where: { classroom: { equals: classroomId } }, overrideAccess: true })).totalDocs).toBe(0)
  })
})

/**
 * Through real HTTP: new login cards for a whole class in one call, archiving and deleting a
 * classroom, a student marking an activity done, and opens recorded only for students. Each route
 * is tried by its teacher, authorised staff, another teacher, a student and an anonymous visitor.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { Client, fieldMessages, message } from './helpers/client'
import { buildPackage } from './helpers/packages'
import { docCreator } from './helpers/content'
import { serverForFile } from './helpers/fileServer'

let teacher: Client & { user: any }
let otherTeacher: Client & { user: any }
let writer: Client & { user: any }
let reader: Client & { user: any }
let readingId: number
let contentId: number
let quizId: number

const { server, actors } = serverForFile()
beforeAll(async () => {
  teacher = await actors.educator()
  otherTeacher = await actors.educator()
  writer = await actors.staff('users:write')
  reader = await actors.staff('users:read')
  const create = docCreator(server.payload)
  const topic = await create('topics', { title: 'Rights', markdown: 'Body', order: 1 })
  const mod = await create('modules', { title: 'Amendments', markdown: 'Body', topic, order: 1 })
  readingId = await create('activities', { title: 'Read the First Amendment', type: 'readings', markdown: 'Body', module: mod, order: 1 })
  contentId = await create('activities', { title: 'About speech', type: 'default', markdown: 'Body', module: mod, order: 2 })
  quizId = await create('activities', { title: 'Quiz', type: 'storyline', markdown: 'Body', module: mod, order: 3 })
}, 120_000)

const logIn = async (username: string, pass: string) => {
  const client = new Client(server.base)
  const res = await client.post('/api/login', { username, password: pass })
  return Object.assign(client, { status: res.status })
}

/** A classroom of the teacher with `n` students made by bulk creation (their cards' passwords). */
const classWith = async (n: number) => {
  const classroom = (await actors.classroom(teacher)) as any
  const made = await teacher.post(`/api/classrooms/${classroom.id}/students`, { count: n })
  expect(made.status).toBe(201)
  return { classroom, students: made.body.students as { id: number; username: string; password: string }[] }
}

/** A class of one, and who may not change it: another teacher, users:read staff, its student and anonymous. */
const classWithOutsiders = async () => {
  const { classroom, students } = await classWith(1)
  const student = await logIn(students[0].username, students[0].password)
  const refused = [
    ['another teacher', otherTeacher],
    ['users:read', reader],
    ['student', student],
    ['anonymous', actors.anonymous()],
  ] as const
  return { classroom, students, refused }
}

const attemptsOf = async (studentId: unknown) =>
  (await server.payload.find({ collection: 'attempts', where: { student: { equals: studentId } }, overrideAccess: true, depth: 0 })).docs

describe('new login cards for the whole class', () => {
  it('gives every student a new password in one call, answered once; the old ones stop working', async () => {
    const { classroom, students } = await classWith(3)
    const res = await teacher.post(`/api/classrooms/${classroom.id}/login-cards`)
    expect(res.status).toBe(200)
    expect(res.body.classroom).toEqual({ id: classroom.id, name: classroom.name, code: classroom.code })
    expect(res.body.students.map((s: any) => s.username).sort()).toEqual(students.map((s) => s.username).sort())
    for (const card of res.body.students) {
      const before = students.find((s) => s.username === card.username)!
      expect(card.password).not.toBe(before.password)
      expect((await logIn(card.username, before.password)).status).toBe(401)
      expect((await logIn(card.username, card.password)).status).toBe(200)
    }
    // Never stored where the teacher could read them again.
    const again = await teacher.get(`/api/users/${teacher.user.id}/classrooms/${classroom.id}`)
    expect(JSON.stringify(again.body)).not.toContain(res.body.students[0].password)
  })

  it('users:write staff may; another teacher, users:read staff, a student and anonymous are refused and change nothing', async () => {
    const { classroom, students, refused } = await classWithOutsiders()
    for (const [who, client] of refused) {
      const res = await client.post(`/api/classrooms/${classroom.id}/login-cards`)
      expect([401, 403], who).toContain(res.status)
      expect(JSON.stringify(res.body), who).not.toMatch(/password/)
    }
    expect((await logIn(students[0].username, students[0].password)).status).toBe(200)
    expect((await writer.post(`/api/classrooms/${classroom.id}/login-cards`)).status).toBe(200)
    expect((await logIn(students[0].username, students[0].password)).status).toBe(401)
  })

  it('refuses an empty class and unknown fields with a 400', async () => {
    const empty = (await actors.classroom(teacher)) as any
    const none = await teacher.post(`/api/classrooms/${empty.id}/login-cards`)
    expect(none.status).toBe(400)
    expect(fieldMessages(none).students).toMatch(/no students/)
    expect((await teacher.post(`/api/classrooms/${empty.id}/login-cards`, { all: true })).status).toBe(400)
  })
})

describe('archiving a classroom', () => {
  it('hides it from the list (the archived view shows it), keeps its data, lets its students sign in and takes no new ones', async () => {
    const { classroom, students } = await classWith(1)
    const res = await teacher.put(`/api/classrooms/${classroom.id}/archived`, { archived: true })
    expect(res.status).toBe(200)
    expect(res.body.classroom.archivedAt).toBeTruthy()
    const listed = (await teacher.get(`/api/users/${teacher.user.id}/classrooms`)).body.docs.map((c: any) => c.id)
    expect(listed).not.toContain(classroom.id)
    const archived = (await teacher.get(`/api/users/${teacher.user.id}/classrooms?archived=true`)).body.docs
    expect(archived.map((c: any) => c.id)).toContain(classroom.id)
    expect(archived.find((c: any) => c.id === classroom.id).studentCount).toBe(1)
    expect((await teacher.get(`/api/classrooms/${classroom.id}/progress`)).status).toBe(200)
    expect((await logIn(students[0].username, students[0].password)).status).toBe(200)
    expect((await actors.anonymous().get(`/api/classrooms/code/${classroom.code}`)).status).toBe(404)
    const signup = await actors.anonymous().post('/api/signup', {
      providers: [{ provider: 'username', username: 'late-joiner-1', password: 'late-joiner-pass' }],
      attributes: { type: 'student', classroom: classroom.code },
    })
    expect(signup.status).toBe(400)

    const back = await teacher.put(`/api/classrooms/${classroom.id}/archived`, { archived: false })
    expect(back.status).toBe(200)
    expect(back.body.classroom.archivedAt).toBeNull()
    expect((await teacher.get(`/api/users/${teacher.user.id}/classrooms`)).body.docs.map((c: any) => c.id)).toContain(classroom.id)
  })

  it('only its teacher and users:write staff may; bad input is a 400', async () => {
    const classroom = (await actors.classroom(teacher)) as any
    const student = await actors.student(classroom.id)
    for (const [who, client] of [
      ['another teacher', otherTeacher],
      ['users:read', reader],
      ['student', student],
      ['anonymous', actors.anonymous()],
    ] as const) {
      expect([401, 403], who).toContain((await client.put(`/api/classrooms/${classroom.id}/archived`, { archived: true })).status)
    }
    expect((await server.payload.findByID({ collection: 'classrooms', id: classroom.id, overrideAccess: true })).archivedAt ?? null).toBeNull()
    const bad = await teacher.put(`/api/classrooms/${classroom.id}/archived`, { archived: 'yes' })
    expect(bad.status).toBe(400)
    expect(fieldMessages(bad).archived).toBeTruthy()
    expect((await writer.put(`/api/classrooms/${classroom.id}/archived`, { archived: true })).status).toBe(200)
  })
})

describe('deleting a classroom', () => {
  it('keeping its students: their accounts stay, out of any classroom, and still sign in', async () => {
    const { classroom, students } = await classWith(2)
    const res = await teacher.delete(`/api/classrooms/${classroom.id}?students=keep`)
    expect(res.status).toBe(200)
    expect(message(res)).toMatch(/keep their accounts/)
    expect(await server.payload.findByID({ collection: 'classrooms', id: classroom.id, overrideAccess: true, disableErrors: true })).toBeNull()
    for (const s of students) {
      const user = await server.payload.findByID({ collection: 'users', id: s.id, overrideAccess: true, depth: 0 })
      expect(user.attributes?.classroom ?? null).toBeNull()
      expect((await logIn(s.username, s.password)).status).toBe(200)
    }
  })

  it('with its students: their accounts and data are deleted too', async () => {
    const { classroom, students } = await classWith(2)
    const student = await logIn(students[0].username, students[0].password)
    expect((await student.put(`/api/activities/${readingId}/done`, { done: true })).status).toBe(200)
    const res = await teacher.delete(`/api/classrooms/${classroom.id}?students=delete`)
    expect(res.status).toBe(200)
    expect((await server.payload.count({ collection: 'users', where: { id: { in: students.map((s) => s.id) } }, overrideAccess: true })).totalDocs).toBe(0)
    expect(await attemptsOf(students[0].id)).toHaveLength(0)
    expect((await logIn(students[0].username, students[0].password)).status).toBe(401)
  })

  it('only its teacher and users:write staff may; an unknown choice is a 400 that deletes nothing', async () => {
    const { classroom, students, refused } = await classWithOutsiders()
    for (const [who, client] of refused) {
      expect([401, 403], who).toContain((await client.delete(`/api/classrooms/${classroom.id}?students=delete`)).status)
    }
    const bad = await teacher.delete(`/api/classrooms/${classroom.id}?students=all`)
    expect(bad.status).toBe(400)
    expect(fieldMessages(bad).students).toBeTruthy()
    expect(await server.payload.findByID({ collection: 'classrooms', id: classroom.id, overrideAccess: true, disableErrors: true })).not.toBeNull()
    expect((await server.payload.count({ collection: 'users', where: { id: { equals: students[0].id } }, overrideAccess: true })).totalDocs).toBe(1)
    expect((await writer.delete(`/api/classrooms/${classroom.id}?students=delete`)).status).toBe(200)
  })
})

describe('progress a teacher can trust', () => {
  it('a student marks a reading and a content activity done (and can take it back); the grid counts them', async () => {
    const { classroom, students } = await classWith(1)
    const student = await logIn(students[0].username, students[0].password)
    for (const id of [readingId, contentId]) {
      const res = await student.put(`/api/activities/${id}/done`, { done: true })
      expect(res.status).toBe(200)
      expect(res.body.attempt).toMatchObject({ status: 'completed', openCount: 1 })
      expect(res.body.attempt.completedAt).toBeTruthy()
    }
    const grid = (await teacher.get(`/api/classrooms/${classroom.id}/progress`)).body
    const cells = grid.attempts.filter((c: any) => c.student === students[0].id)
    expect(cells.map((c: any) => [c.activity, c.status]).sort()).toEqual(
      [
        [readingId, 'completed'],
        [contentId, 'completed'],
      ].sort(),
    )
    const undone = await student.put(`/api/activities/${contentId}/done`, { done: false })
    expect(undone.body.attempt).toMatchObject({ status: 'not-attempted', completedAt: null })
  })

  it('refuses a quiz, bad input, non-students and anonymous visitors, recording nothing', async () => {
    const { students } = await classWith(1)
    const student = await logIn(students[0].username, students[0].password)
    expect((await student.put(`/api/activities/${quizId}/done`, { done: true })).status).toBe(400)
    const bad = await student.put(`/api/activities/${readingId}/done`, { done: 'yes' })
    expect(bad.status).toBe(400)
    expect(fieldMessages(bad).done).toBeTruthy()
    expect(await attemptsOf(students[0].id)).toHaveLength(0)
    expect((await teacher.put(`/api/activities/${readingId}/done`, { done: true })).status).toBe(403)
    expect((await actors.anonymous().put(`/api/activities/${readingId}/done`, { done: true })).status).toBe(401)
    expect(await attemptsOf(teacher.user.id)).toHaveLength(0)
  })

  it('an open is recorded for a student, never for a teacher or staff member', async () => {
    const { students } = await classWith(1)
    const student = await logIn(students[0].username, students[0].password)
    for (const client of [teacher, writer, reader]) {
      const res = await client.post(`/api/activities/${readingId}/open`)
      expect(res.status).toBe(200)
      expect(res.body.attempt).toBeNull()
      expect(await attemptsOf(client.user.id)).toHaveLength(0)
    }
    const res = await student.post(`/api/activities/${readingId}/open`)
    expect(res.body.attempt).toMatchObject({ status: 'not-attempted', openCount: 1 })
  })

  it('a teacher trying a quiz gets a preview that reports nowhere: no session, no LRS, nothing saved', async () => {
    const editor = await actors.staff('activities:write')
    for (const kind of ['scorm12', 'xapi'] as const) {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(await buildPackage(kind))], { type: 'application/zip' }), `${kind}.zip`)
      expect((await editor.request('POST', `/api/activities/${quizId}/storyline`, undefined, { raw: form })).status).toBe(200)
      const opened = await teacher.post(`/api/activities/${quizId}/open`)
      expect(opened.status).toBe(200)
      expect(opened.body.attempt).toBeNull()
      expect(opened.body.launch).toMatchObject({ standard: kind, session: null, resume: false })
      expect(opened.body.launch.packageUrl).not.toMatch(/endpoint=|auth=/)
      const saved = await teacher.put(`/api/activities/${quizId}/attempt`, { session: null, cmi: { 'cmi.core.lesson_status': 'passed' } })
      expect(saved.status).toBe(404)
      expect(await attemptsOf(teacher.user.id)).toHaveLength(0)
    }
  })
})

describe('rate limit', () => {
  it('new cards for a whole class are limited per address and classroom', async () => {
    const { classroom } = await classWith(1)
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await teacher.post(`/api/classrooms/${classroom.id}/login-cards`)).status)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200))
    expect(statuses[10]).toBe(429)
    // Another classroom (another teacher at the same school, same address) has its own budget.
    const other = await classWith(1)
    expect((await teacher.post(`/api/classrooms/${other.classroom.id}/login-cards`)).status).toBe(200)
  })
})

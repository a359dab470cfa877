/**
 * A new teacher's and a student's first steps through real HTTP: the classroom code the server
 * proposes (readable, unused, still checked on create), a parent's profile without a job position,
 * and a signed-in student's home data (their class, their teacher's name, the activity they opened
 * last), which only the student themself (or users:read staff) may read.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { beforeAll, describe, expect, it } from 'vitest'

import { fieldMessages, message } from './helpers/client'
import { docCreator } from './helpers/content'
import { serverForFile } from './helpers/fileServer'

let readingId: number
let videoId: number
let moduleId: number

const { server, actors } = serverForFile()
beforeAll(async () => {
  const create = docCreator(server.payload)
  const topic = await create('topics', { title: 'The Constitution', markdown: 'Body', order: 1 })
  moduleId = await create('modules', { title: 'Bill of Rights', markdown: 'Body', topic, order: 1 })
  readingId = await create('activities', { title: 'Read the amendments', type: 'default', markdown: 'Body', module: moduleId, order: 1 })
  videoId = await create('activities', { title: 'Watch the story', type: 'default', markdown: 'Body', module: moduleId, order: 2 })
}, 120_000)

describe('the proposed classroom code', () => {
  it('is readable, unused, and the teacher can create a classroom with it', async () => {
    const teacher = await actors.educator()
    const taken = await actors.classroom(teacher)
    const proposals = new Set<string>()
    for (let i = 0; i < 10; i += 1) {
      const res = await teacher.get('/api/classrooms/proposed-code')
      expect(res.status).toBe(200)
      // No letter or digit a child can misread when copying from the board (I, L, O, 0, 1).
      expect(res.body.code).toMatch(/^[A-HJKMNP-Z]{3}-[2-9]{3}$/)
      expect(res.body.code).not.toBe(taken.code)
      proposals.add(res.body.code)
    }
    expect(proposals.size).toBeGreaterThan(1)
    const [code] = proposals
    const created = await teacher.post(`/api/users/${teacher.user.id}/classrooms`, { name: 'Period 2', code })
    expect(created.status).toBe(201)
    expect(created.body.code).toBe(code)
  })

  it('is only a proposal: a code another classroom took in between is still refused on create', async () => {
    const teacher = await actors.educator()
    const other = await actors.educator()
    const { code } = (await teacher.get('/api/classrooms/proposed-code')).body
    expect((await other.post(`/api/users/${other.user.id}/classrooms`, { name: 'First', code })).status).toBe(201)
    const second = await teacher.post(`/api/users/${teacher.user.id}/classrooms`, { name: 'Second', code })
    expect(second.status).toBe(409)
    expect(fieldMessages(second)).toEqual({ code: 'That classroom code is already in use. Choose another.' })
  })

  it('is not offered to a student or to a visitor', async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)
    const asStudent = await student.get('/api/classrooms/proposed-code')
    expect(asStudent.status).toBe(403)
    expect(message(asStudent)).toBe('Students cannot create classrooms.')
    expect((await actors.anonymous().get('/api/classrooms/proposed-code')).status).toBe(401)
  })
})

describe("a parent's profile", () => {
  it('is complete with a name and no job position; the other types still need one', async () => {
    const parent = await actors.educator({ type: null, completed: false })
    const saved = await parent.put(`/api/users/${parent.user.id}`, { attributes: { type: 'parent', firstName: 'Pat', lastName: 'Rivera' } })
    expect(saved.status).toBe(200)
    expect(saved.body.user.attributes).toMatchObject({ type: 'parent', completed: true, firstName: 'Pat', lastName: 'Rivera' })
    const homeschool = await parent.put(`/api/users/${parent.user.id}`, { attributes: { type: 'homeschool', firstName: 'Pat', lastName: 'Rivera' } })
    expect(homeschool.status).toBe(400)
    expect(fieldMessages(homeschool)).toEqual({ 'attributes.position': 'Job position is required.' })
  })
})

describe("a student's home", () => {
  it('shows their class, their teacher’s name and, once they open something, the activity they opened last', async () => {
    const teacher = await actors.educator({ firstName: 'Grace', lastName: 'Hopper' })
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)

    const before = await student.get(`/api/users/${student.user.id}/home`)
    expect(before.status).toBe(200)
    expect(before.body).toEqual({ classroom: { id: classroom.id, name: classroom.name, teacher: 'Grace Hopper' }, lastActivity: null })

    expect((await student.post(`/api/activities/${readingId}/open`)).status).toBe(200)
    expect((await student.put(`/api/activities/${readingId}/done`, { done: true })).status).toBe(200)
    const afterReading = (await student.get(`/api/users/${student.user.id}/home`)).body
    expect(afterReading.lastActivity).toMatchObject({
      id: readingId,
      title: 'Read the amendments',
      module: { id: moduleId, title: 'Bill of Rights' },
      status: 'completed',
    })
    expect(typeof afterReading.lastActivity.lastOpenedAt).toBe('string')

    expect((await student.post(`/api/activities/${videoId}/open`)).status).toBe(200)
    const afterVideo = (await student.get(`/api/users/${student.user.id}/home`)).body
    expect(afterVideo.lastActivity).toMatchObject({ id: videoId, title: 'Watch the story', status: 'not-attempted' })
  })

  it('names the activity and its module in the language asked for, English where there is no translation', async () => {
    const teacher = await actors.educator()
    const student = await actors.student((await actors.classroom(teacher)).id)
    await server.payload.update({ collection: 'activities', id: readingId, locale: 'es', data: { title: 'Lee las enmiendas' } as never, overrideAccess: true })
    expect((await student.post(`/api/activities/${readingId}/open`)).status).toBe(200)
    const spanish = (await student.get(`/api/users/${student.user.id}/home?locale=es`)).body.lastActivity
    expect(spanish).toMatchObject({ title: 'Lee las enmiendas', module: { title: 'Bill of Rights' } })
    expect((await student.get(`/api/users/${student.user.id}/home`)).body.lastActivity.title).toBe('Read the amendments')
  })

  it('never names the teacher by email, and is empty for an account in no class', async () => {
    const teacher = await actors.educator({ firstName: null, lastName: null })
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)
    const home = await student.get(`/api/users/${student.user.id}/home`)
    expect(home.body.classroom).toEqual({ id: classroom.id, name: classroom.name, teacher: null })
    expect(JSON.stringify(home.body)).not.toContain(teacher.user.email)

    const own = await teacher.get(`/api/users/${teacher.user.id}/home`)
    expect(own.status).toBe(200)
    expect(own.body).toEqual({ classroom: null, lastActivity: null })
  })

  it("is the student's own: another student, their teacher and a visitor cannot read it", async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)
    const classmate = await actors.student(classroom.id)
    const elsewhere = await actors.student((await actors.classroom(await actors.educator())).id)
    expect((await student.post(`/api/activities/${readingId}/open`)).status).toBe(200)

    for (const other of [classmate, elsewhere, teacher]) {
      const res = await other.get(`/api/users/${student.user.id}/home`)
      expect(res.status).toBe(403)
      expect(JSON.stringify(res.body)).not.toContain('Read the amendments')
    }
    expect((await actors.anonymous().get(`/api/users/${student.user.id}/home`)).status).toBe(401)
    // The other student's own home holds their own class and nothing of this student's work.
    const theirs = (await elsewhere.get(`/api/users/${elsewhere.user.id}/home`)).body
    expect(theirs.classroom.id).not.toBe(classroom.id)
    expect(theirs.lastActivity).toBeNull()
    // Staff who read accounts may.
    const staff = await actors.staff('users:read')
    expect((await staff.get(`/api/users/${student.user.id}/home`)).body.lastActivity).toMatchObject({ id: readingId })
  })
})

describe('the seeded quiz', () => {
  it('speaks to students: no word of packages, exports or standards in what the quiz page shows', () => {
    for (const launch of ['index_lms.html', 'story.html']) {
      const html = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'seed', 'storyline', 'sample-quiz', launch), 'utf8')
      const shown = html
        .replace(/<script[\s\S]*?<\/script>|<head>[\s\S]*?<\/head>/g, '')
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
      expect(shown).toContain('Bill of Rights')
      expect(shown, launch).not.toMatch(/package|storyline|scorm|export|sample/i)
    }
  })
})

import { describe, expect, it } from 'vitest'

import { classroomLimitMessages } from '../collections/Classrooms/classroomLimits'
import { rosterMessages } from '../collections/Classrooms/endpoints/roster'
import { generateUsernames, usernamesExhausted, type UsernameSpace } from '../collections/Users/endpoints/usernames'
import { classroomLimits } from '../common/classroomLimits'
import { password } from './helpers/actors'
import { Client, fieldMessages, message } from './helpers/client'
import { serverForFile } from './helpers/fileServer'

/**
 * Student accounts are made only by teachers who confirmed their email, within the caps of
 * common/classroomLimits.ts (classrooms per teacher, students per classroom, accounts per teacher
 * per day), and the username generator grows or says it cannot, never loops. Real HTTP; SQLite, and
 * PostgreSQL with TEST_POSTGRES_URL.
 */

const { server, actors } = serverForFile({ env: { RATE_LIMIT_FACTOR: '50' } })

const studentsIn = async (classroomId: number | string) =>
  (await server.payload.count({ collection: 'users', where: { 'attributes.classroom': { equals: classroomId } }, overrideAccess: true })).totalDocs

const names = (n: number, prefix = 'Kid') => Array.from({ length: n }, (_, i) => `${prefix} ${i + 1}`)

describe('bulk creation of student accounts', () => {
  it('needs a confirmed email: a teacher who signed up and has not opened the link is refused, and nothing is made', async () => {
    const email = `new-teacher-${Date.now()}@example.org`
    const teacher = new Client(server.base)
    const signedUp = await teacher.post('/api/signup', { providers: [{ provider: 'local', username: email, password }] })
    expect(signedUp.status).toBe(201)
    expect(signedUp.body.user.emailVerified).toBe(false)
    const made = await teacher.post(`/api/users/${signedUp.body.user.id}/classrooms`, { name: 'Period 1', code: `UNCONF-${Date.now() % 100000}` })
    expect(made.status).toBe(201)
    const classroomId = made.body.id ?? made.body._id
    const refused = await teacher.post(`/api/classrooms/${classroomId}/students`, { count: 3 })
    expect(refused.status).toBe(403)
    expect(message(refused)).toBe(classroomLimitMessages.confirmEmailFirst)
    expect(await studentsIn(classroomId)).toBe(0)
    // Once the email is confirmed, the same request works.
    await server.payload.update({ collection: 'users', id: signedUp.body.user.id, data: { emailVerified: true }, overrideAccess: true })
    expect((await teacher.post(`/api/classrooms/${classroomId}/students`, { count: 3 })).status).toBe(201)
  })

  it('fills a classroom up to its cap and then says it is full; a student cannot join a full one by its code either', { timeout: 200_000 }, async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const tooMany = await teacher.post(`/api/classrooms/${classroom.id}/students`, { count: classroomLimits.studentsPerClassroom + 1 })
    expect(tooMany.status).toBe(400)
    expect(fieldMessages(tooMany).count).toBe(rosterMessages.count)
    expect((await teacher.post(`/api/classrooms/${classroom.id}/students`, { count: 50 })).status).toBe(201)
    const over = await teacher.post(`/api/classrooms/${classroom.id}/students`, { firstNames: names(20) })
    expect(over.status).toBe(409)
    expect(message(over)).toBe('This classroom has room for 10 more students (60 at most); you asked for 20. Add fewer, or use another classroom.')
    expect(await studentsIn(classroom.id)).toBe(50)
    expect((await teacher.post(`/api/classrooms/${classroom.id}/students`, { firstNames: names(10) })).status).toBe(201)
    const full = await teacher.post(`/api/classrooms/${classroom.id}/students`, { count: 1 })
    expect(full.status).toBe(409)
    expect(message(full)).toBe(classroomLimitMessages.classroomFull)
    const joining = await new Client(server.base).post('/api/signup', {
      providers: [{ provider: 'username', username: `late-joiner-${Date.now()}`, password }],
      attributes: { type: 'student', classroom: classroom.code },
    })
    expect(joining.status).toBe(409)
    expect(message(joining)).toBe(classroomLimitMessages.classroomFull)
    expect(await studentsIn(classroom.id)).toBe(classroomLimits.studentsPerClassroom)
  })

  it('stops a teacher at the daily number of new accounts, counting only what was made', { timeout: 400_000 }, async () => {
    const teacher = await actors.educator()
    const perClassroom = classroomLimits.studentsPerClassroom
    const full = Math.floor(classroomLimits.studentAccountsPerTeacherPerDay / perClassroom)
    const classrooms = []
    for (let i = 0; i < full - 1; i++) {
      const classroom = await actors.classroom(teacher)
      classrooms.push(classroom)
      expect((await teacher.post(`/api/classrooms/${classroom.id}/students`, { count: perClassroom })).status).toBe(201)
    }
    // Refused for room in a full classroom: nothing is taken from the day's budget.
    expect((await teacher.post(`/api/classrooms/${classrooms[0].id}/students`, { count: 5 })).status).toBe(409)
    const last = await actors.classroom(teacher)
    expect((await teacher.post(`/api/classrooms/${last.id}/students`, { count: 40 })).status).toBe(201)
    const tooMany = await teacher.post(`/api/classrooms/${(await actors.classroom(teacher)).id}/students`, { count: 25 })
    expect(tooMany.status).toBe(429)
    expect(message(tooMany)).toBe('You can create 20 more student accounts today (300 a day at most); you asked for 25. Add fewer, or try again tomorrow.')
    expect((await teacher.post(`/api/classrooms/${last.id}/students`, { count: 20 })).status).toBe(201)
    const done = await teacher.post(`/api/classrooms/${(await actors.classroom(teacher)).id}/students`, { count: 1 })
    expect(done.status).toBe(429)
    expect(message(done)).toBe(classroomLimitMessages.dailyLimitReached)
    // Another teacher has their own budget.
    const other = await actors.educator()
    expect((await other.post(`/api/classrooms/${(await actors.classroom(other)).id}/students`, { count: 1 })).status).toBe(201)
  })
})

describe('classrooms per teacher', () => {
  it('refuses a classroom past the cap on every route, with the reason', async () => {
    const teacher = await actors.educator()
    for (let i = 0; i < classroomLimits.classroomsPerTeacher; i++) await actors.classroom(teacher)
    const product = await teacher.post(`/api/users/${teacher.user.id}/classrooms`, { name: 'One more', code: `MORE-${Date.now() % 100000}` })
    expect(product.status).toBe(409)
    expect(message(product)).toBe(classroomLimitMessages.tooManyClassrooms)
    const payloads = await teacher.post('/api/classrooms', { name: 'One more', code: `MORE2-${Date.now() % 100000}` })
    expect(payloads.status).toBe(409)
    expect(message(payloads)).toBe(classroomLimitMessages.tooManyClassrooms)
    expect((await server.payload.count({ collection: 'classrooms', where: { owner: { equals: teacher.user.id } }, overrideAccess: true })).totalDocs).toBe(
      classroomLimits.classroomsPerTeacher,
    )
  })
})

describe('the username generator under a nearly full space', () => {
  // Nine names, able-fox-1 to able-fox-9, then (with two digits) ninety more.
  const tiny: UsernameSpace = { adjectives: ['able'], nouns: ['fox'], digits: [1] }
  const taken = async (numbers: number[]) => {
    for (const n of numbers)
      await server.payload.create({
        collection: 'users',
        data: { username: `able-fox-${n}`, password, mode: 'day', theme: 'civics' } as never,
        overrideAccess: true,
      })
  }

  it('finds the last free name, then says clearly that none is left, without looping', async () => {
    await taken([1, 2, 3, 4, 5, 6, 7, 8])
    await expect(generateUsernames(server.payload, 2, tiny)).rejects.toMatchObject({ status: 503, message: usernamesExhausted })
    expect(await generateUsernames(server.payload, 1, tiny)).toEqual(['able-fox-9'])
    await taken([9])
    await expect(generateUsernames(server.payload, 1, tiny)).rejects.toMatchObject({ status: 503, message: usernamesExhausted })
  })

  it('goes on to longer numbers when the short ones are taken', async () => {
    const found = await generateUsernames(server.payload, 5, { ...tiny, digits: [1, 2] })
    expect(found).toHaveLength(5)
    for (const name of found) expect(name).toMatch(/^able-fox-[1-9]\d$/)
  })
})

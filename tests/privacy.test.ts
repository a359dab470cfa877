/**
 * Through real HTTP, on SQLite and PostgreSQL: the audit log of reads of students' data (one entry
 * per read by a teacher or staff, none for the student's own), append-only for every actor; deleting
 * a student with a receipt that leaves no row of them in any table; a district's list delete; and the
 * retention purge of archived classrooms, moved in time with the test clock. Who may call each route
 * is in tests/access-matrix.test.ts.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sql } from '@payloadcms/db-postgres'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

import { dueBefore, purgeDateOf, purgeExpiredStudentData } from '@collections/AuditLog/retention'
import { Actors } from './helpers/actors'
import type { Client } from './helpers/client'
import { startServer, type TestServer } from './helpers/server'

type Actor = Client & { user: any }

let server: TestServer
let actors: Actors
let clockFile: string
let teacher: Actor
let activityId: number

const day = 24 * 60 * 60 * 1000
/** Moves the server's clock (cms/attempts/clock.ts) to `moment`. */
const setClock = (moment: Date) => fs.writeFileSync(clockFile, String(moment.getTime() - Date.now()))

beforeAll(async () => {
  clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'civics-privacy-')), 'clock')
  server = await startServer({ env: { RATE_LIMIT_FACTOR: '50', TEST_CLOCK_FILE: clockFile } })
  actors = new Actors(server.payload, server.base)
  teacher = await actors.educator()
  const p = server.payload
  const topic = await p.create({ collection: 'topics', data: { title: 'Rights', markdown: 'Body', order: 1 } as never, overrideAccess: true })
  const mod = await p.create({ collection: 'modules', data: { title: 'Speech', markdown: 'Body', order: 1, topic: topic.id } as never, overrideAccess: true })
  activityId = (
    await p.create({
      collection: 'activities',
      data: { title: 'Read', type: 'default', markdown: 'Body', module: mod.id, order: 1 } as never,
      overrideAccess: true,
    })
  ).id as number
}, 120_000)
afterAll(() => server?.close())

/** Raw rows, on either database: the tables are checked as they are, not through Payload's access. */
const rows = async (query: string): Promise<Record<string, unknown>[]> => {
  const drizzle = (server.payload.db as any).drizzle
  if (process.env.TEST_POSTGRES_URL) return (await drizzle.execute(sql.raw(query))).rows
  return drizzle.all(sql.raw(query))
}
const countOf = async (query: string) => Number(Object.values((await rows(query))[0])[0])

/** Every table that can hold a row of a user, by the column that names them. */
const userColumns: [string, string][] = [
  ['users', 'id'],
  ['users_sessions', '_parent_id'],
  ['users_identities', '_parent_id'],
  ['users_scopes', 'parent_id'],
  ['users_attributes_grades', 'parent_id'],
  ['users_attributes_subjects', 'parent_id'],
  ['attempts', 'student_id'],
  ['assignments_rels', 'users_id'],
  ['assignments_extensions', 'student_id'],
  ['tickets', 'user_id'],
  ['schools', 'user_id'],
  ['classrooms', 'owner_id'],
  ['payload_preferences_rels', 'users_id'],
  ['payload_locked_documents_rels', 'users_id'],
]
const rowsNaming = async (id: number) => {
  const found: Record<string, number> = {}
  for (const [table, column] of userColumns) {
    const n = await countOf(`SELECT count(*) AS n FROM ${table} WHERE ${column} = ${Number(id)}`)
    if (n) found[table] = n
  }
  return found
}

const auditEntries = async (where: Record<string, unknown> = {}) =>
  (await server.payload.find({ collection: 'audit-log', where: where as never, pagination: false, overrideAccess: true, sort: 'createdAt' })).docs as any[]

/** A classroom with `n` students who each opened the activity; one assignment names the first, with an extension. */
const classWithWork = async (owner: Actor, n = 2) => {
  const classroom = await actors.classroom(owner)
  const students: Actor[] = []
  for (let i = 0; i < n; i++) {
    const student = await actors.student(classroom.id)
    expect((await student.post(`/api/activities/${activityId}/open`)).status).toBe(200)
    students.push(student)
  }
  const assignment = await server.payload.create({
    collection: 'assignments',
    data: {
      classroom: classroom.id,
      title: 'Read about speech',
      dueAt: new Date(Date.now() + 7 * day).toISOString(),
      activities: [activityId],
      students: students.map((s) => s.user.id),
      extensions: [{ student: students[0].user.id, dueAt: new Date(Date.now() + 9 * day).toISOString() }],
    } as never,
    overrideAccess: true,
  })
  return { classroom, students, assignment }
}

describe('the audit log of reads of students’ data', () => {
  it('records one entry per read by the teacher or staff, naming who, what and when, and none for the student’s own reads', async () => {
    const { classroom, students, assignment } = await classWithWork(teacher)
    const [student] = students
    const before = (await auditEntries()).length
    const reads: [string, string][] = [
      [`/api/users/${teacher.user.id}/classrooms/${classroom.id}`, 'roster'],
      [`/api/classrooms/${classroom.id}/progress`, 'progress-grid'],
      [`/api/classrooms/${classroom.id}/progress/csv`, 'progress-csv'],
      [`/api/classrooms/${classroom.id}/students/${student.user.id}/progress`, 'student-progress'],
      [`/api/classrooms/${classroom.id}/students/${student.user.id}/data`, 'student-export'],
      [`/api/assignments/${assignment.id}/report`, 'assignment-report'],
      [`/api/assignments/${assignment.id}/report/csv`, 'assignment-report-csv'],
      [`/api/classrooms/${classroom.id}/benchmarks`, 'benchmark-mastery'],
      [`/api/classrooms/${classroom.id}/benchmarks/csv`, 'benchmark-mastery-csv'],
      [`/api/attempts?where[student][equals]=${student.user.id}`, 'attempts-api'],
    ]
    for (const [address, action] of reads) {
      const res = await teacher.get(address)
      expect(res.status, address).toBe(200)
      const entries = await auditEntries({ action: { equals: action } })
      const entry = entries.at(-1)
      expect(entry, action).toMatchObject({ actor: teacher.user.id, actorLogin: teacher.user.email, action, path: address.split('?')[0] })
      expect(Date.now() - Date.parse(entry.createdAt)).toBeLessThan(10 * 60 * 1000)
    }
    // One entry per request, whatever the number of queries behind it.
    expect((await auditEntries()).length - before).toBe(reads.length)
    const studentEntries = await auditEntries({ action: { equals: 'student-progress' } })
    expect(studentEntries.at(-1)).toMatchObject({ classroom: classroom.id, student: student.user.id })

    // Staff reading an account through the API (the console, the admin panel) is recorded too.
    const reader = await actors.staff('users:read')
    expect((await reader.get(`/api/users/${student.user.id}`)).status).toBe(200)
    expect((await auditEntries({ action: { equals: 'users-api' } })).at(-1)).toMatchObject({ actor: reader.user.id, student: student.user.id })

    // The student's own reads are not someone else's reads of their data.
    const mark = (await auditEntries()).length
    expect((await student.get('/api/users/me')).status).toBe(200)
    expect((await student.get(`/api/attempts?where[student][equals]=${student.user.id}`)).status).toBe(200)
    expect((await student.get(`/api/users/${student.user.id}`)).status).toBe(200)
    expect((await student.get('/api/assignments/mine')).status).toBe(200)
    expect((await auditEntries()).length).toBe(mark)
    // Nor is a teacher reading their own account.
    expect((await teacher.get('/api/users/me')).status).toBe(200)
    expect((await auditEntries()).length).toBe(mark)
  })

  it('holds ids and counts, never a student’s name or work', async () => {
    const { students } = await classWithWork(teacher, 1)
    await teacher.get(`/api/classrooms/${students[0].user.attributes.classroom}/students/${students[0].user.id}/data`)
    const text = JSON.stringify(await auditEntries())
    expect(text).not.toContain(students[0].user.username)
    expect(text).not.toContain('Stu')
  })

  it('lets users:read staff search it by who, what and when, and nobody else read it', async () => {
    const reader = await actors.staff('users:read')
    const who = await reader.get(`/api/audit-log?where[actorLogin][equals]=${encodeURIComponent(teacher.user.email)}&where[action][equals]=progress-grid`)
    expect(who.status).toBe(200)
    expect(who.body.docs.length).toBeGreaterThan(0)
    expect(who.body.docs.every((d: any) => d.actor === teacher.user.id && d.action === 'progress-grid')).toBe(true)
    const since = new Date(Date.now() - 60 * 60 * 1000).toISOString()
    expect((await reader.get(`/api/audit-log?where[createdAt][greater_than]=${since}`)).body.totalDocs).toBeGreaterThan(0)
    const student = await actors.student((await actors.classroom(teacher)).id)
    for (const actor of [actors.anonymous(), student, teacher, await actors.staff('users:write'), await actors.staff('pages:write')]) {
      const res = await actor.get('/api/audit-log')
      expect([401, 403], `${res.status}`).toContain(res.status)
    }
  })

  it('is append-only for everyone: no create, update or delete through the API, even for staff holding every scope', async () => {
    const [entry] = await auditEntries()
    const everything = await actors.staff('users:read', 'users:write', 'tickets:read', 'tickets:write', 'pages:write', 'pages:delete')
    const student = await actors.student((await actors.classroom(teacher)).id)
    for (const actor of [actors.anonymous(), student, teacher, await actors.staff('users:read'), everything]) {
      expect([401, 403]).toContain((await actor.post('/api/audit-log', { action: 'roster', actorLogin: 'someone' })).status)
      expect([401, 403]).toContain((await actor.patch(`/api/audit-log/${entry.id}`, { actorLogin: 'someone else' })).status)
      expect([401, 403]).toContain((await actor.delete(`/api/audit-log/${entry.id}`)).status)
      expect([401, 403]).toContain((await actor.delete(`/api/audit-log?where[id][equals]=${entry.id}`)).status)
    }
    expect((await auditEntries({ id: { equals: entry.id } }))[0]).toEqual(entry)
    // Payload's job runner is the server's own: no account may run or queue jobs through the API.
    for (const address of ['/api/payload-jobs/run', '/api/payload-jobs/handle-schedules']) expect([401, 403]).toContain((await everything.get(address)).status)
  })
})

describe('deleting a student, with a receipt', () => {
  it('removes the student from every store and answers what was removed and when', async () => {
    const { classroom, students, assignment } = await classWithWork(teacher)
    const [student, classmate] = students
    await student.post('/api/tickets', { type: 'help', name: 'Stu', email: 'stu@example.org', subject: 'Help', message: 'Please' })
    await teacher.get(`/api/classrooms/${classroom.id}/students/${student.user.id}/progress`)
    expect(Object.keys(await rowsNaming(student.user.id))).toEqual(
      expect.arrayContaining(['users', 'users_sessions', 'attempts', 'assignments_rels', 'assignments_extensions']),
    )

    const res = await teacher.delete(`/api/classrooms/${classroom.id}/students/${student.user.id}/account`)
    expect(res.status).toBe(200)
    const receipt = res.body.receipt
    expect(Date.now() - Date.parse(receipt.deletedAt)).toBeLessThan(60_000)
    expect(receipt.deletedBy).toBe(teacher.user.email)
    expect(receipt.students).toEqual([
      {
        id: student.user.id,
        username: student.user.username,
        removed: { account: 1, sessions: 1, attempts: 1, assignmentEntries: 1, tickets: 1, schools: 0, preferences: 0 },
      },
    ])
    expect(await rowsNaming(student.user.id)).toEqual({})
    // The assignment and the classmate's place in it stay.
    const kept = (await server.payload.findByID({ collection: 'assignments', id: assignment.id, depth: 0, overrideAccess: true })) as any
    expect(kept.students).toEqual([classmate.user.id])
    expect(kept.extensions).toEqual([])
    expect(await rowsNaming(classmate.user.id)).toMatchObject({ users: 1, attempts: 1, assignments_rels: 1 })
    // Their session no longer works.
    expect((await student.get('/api/users/me')).body.user).toBeFalsy()
    // The audit log keeps the record of the deletion, by number, and the reads before it.
    const record = (await auditEntries({ action: { equals: 'student-deleted' } })).at(-1)
    expect(record).toMatchObject({ actor: teacher.user.id, student: student.user.id, detail: { attempts: 1, tickets: 1 } })
    expect(JSON.stringify(record)).not.toContain(student.user.username)
  })

  it('deletes a whole class’s students with the classroom, with one receipt', async () => {
    const { classroom, students } = await classWithWork(teacher, 2)
    const res = await teacher.delete(`/api/classrooms/${classroom.id}?students=delete`)
    expect(res.status).toBe(200)
    expect(res.body.receipt.students.map((s: any) => s.id).sort()).toEqual(students.map((s) => s.user.id).sort())
    for (const s of students) expect(await rowsNaming(s.user.id)).toEqual({})
  })

  it('deletes a district’s list of students by username or roster sourcedId, for users:write staff only', async () => {
    const { students: byName } = await classWithWork(teacher, 2)
    const { students: byRoster } = await classWithWork(teacher, 2)
    for (const [i, s] of byRoster.entries())
      await server.payload.db.updateOne({ collection: 'users', id: s.user.id, data: { roster: { district: 'leon', sourcedId: `src-${i}-${s.user.id}` } } })
    const manager = await actors.staff('users:write')

    const names = [...byName.map((s) => s.user.username), 'nobody-here', teacher.user.email]
    const res = await manager.post('/api/users/deletions', { usernames: names })
    expect(res.status).toBe(200)
    expect(res.body.receipt.deletedBy).toBe(manager.user.email)
    expect(res.body.receipt.students.map((s: any) => s.username).sort()).toEqual(byName.map((s) => s.user.username).sort())
    expect(res.body.notFound).toEqual(['nobody-here', teacher.user.email])
    for (const s of byName) expect(await rowsNaming(s.user.id)).toEqual({})

    const sourced = byRoster.map((s, i) => `src-${i}-${s.user.id}`)
    const bySource = await manager.post('/api/users/deletions', { sourcedIds: sourced, district: 'leon' })
    expect(bySource.status).toBe(200)
    expect(bySource.body.receipt.students).toHaveLength(2)
    for (const s of byRoster) expect(await rowsNaming(s.user.id)).toEqual({})
    // The teacher named in the list is not a student: never deleted here.
    expect((await teacher.get('/api/users/me')).body.user.id).toBe(teacher.user.id)

    const bad = [
      {},
      { usernames: [] },
      { usernames: 'one' },
      { usernames: ['a'], sourcedIds: ['b'] },
      { sourcedIds: ['b'], district: 5 },
      { usernames: ['a'], extra: 1 },
    ]
    for (const body of bad) expect((await manager.post('/api/users/deletions', body)).status, JSON.stringify(body)).toBe(400)
    const someone = (await classWithWork(teacher, 1)).students[0]
    for (const actor of [actors.anonymous(), someone, teacher, await actors.staff('users:read')])
      expect([401, 403]).toContain((await actor.post('/api/users/deletions', { usernames: [someone.user.username] })).status)
    expect(await rowsNaming(someone.user.id)).toMatchObject({ users: 1 })
  })
})

describe('the retention purge', () => {
  it('dates purges at the end of the school year the data belongs to, plus 60 days', () => {
    expect(purgeDateOf(new Date('2027-03-10T12:00:00Z')).toISOString()).toBe('2027-08-29T23:59:59.999Z')
    expect(purgeDateOf(new Date('2027-06-30T12:00:00Z')).toISOString()).toBe('2027-08-29T23:59:59.999Z')
    expect(purgeDateOf(new Date('2027-07-01T00:00:00Z')).toISOString()).toBe('2028-08-29T23:59:59.999Z')
    expect(dueBefore(new Date('2027-08-29T12:00:00Z')).toISOString()).toBe('2026-06-30T23:59:59.999Z')
    expect(dueBefore(new Date('2027-08-30T00:00:00Z')).toISOString()).toBe('2027-06-30T23:59:59.999Z')
  })

  it('removes an archived classroom’s students after the period and not before, logs counts, and removes once when two run at once', async () => {
    const { classroom, students } = await classWithWork(teacher, 2)
    const { classroom: inUse, students: stay } = await classWithWork(teacher, 1)
    expect((await teacher.put(`/api/classrooms/${classroom.id}/archived`, { archived: true })).status).toBe(200)
    const archivedAt = new Date(((await server.payload.findByID({ collection: 'classrooms', id: classroom.id, overrideAccess: true })) as any).archivedAt)
    const purgeAt = purgeDateOf(archivedAt)
    const lines: string[] = []
    const info = vi.spyOn(server.payload.logger, 'info').mockImplementation(((message: unknown) => void lines.push(String(message))) as never)
    try {
      setClock(new Date(purgeAt.getTime() - day))
      await purgeExpiredStudentData(server.payload)
      for (const s of students) expect(await rowsNaming(s.user.id)).toMatchObject({ users: 1, attempts: 1 })

      setClock(new Date(purgeAt.getTime() + day))
      const auditBefore = (await auditEntries()).length
      // Two at once, as two instances' crons would: the work is done once.
      const results = await Promise.all([purgeExpiredStudentData(server.payload), purgeExpiredStudentData(server.payload)].map((p) => p.catch((e) => e)))
      const done = results.filter((r) => r && !(r instanceof Error))
      expect(results.filter((r) => r instanceof Error)).toEqual([])
      const removed = done.reduce((n, r: any) => n + r.students, 0)
      expect(removed).toBe(2)
      expect(results.filter((r) => r === null)).toHaveLength(1)
      for (const s of students) expect(await rowsNaming(s.user.id)).toEqual({})
      expect(await server.payload.findByID({ collection: 'classrooms', id: classroom.id, overrideAccess: true, disableErrors: true })).toBeNull()
      // The classroom in use and its student stay.
      expect(await rowsNaming(stay[0].user.id)).toMatchObject({ users: 1, attempts: 1 })
      expect(await server.payload.findByID({ collection: 'classrooms', id: inUse.id, overrideAccess: true })).toBeTruthy()

      const purgeLines = lines.filter((l) => l.startsWith('Retention purge'))
      expect(purgeLines.some((l) => l.includes('1 archived classroom(s), 2 student account(s)'))).toBe(true)
      for (const s of students) expect(lines.join('\n')).not.toContain(s.user.username)
      // The audit entries dated before the cutoff went too; the purge's own record stays.
      const purges = await auditEntries({ action: { equals: 'retention-purge' } })
      expect(purges.some((p) => p.detail.students === 2 && p.detail.classrooms === 1 && p.detail.auditEntries >= auditBefore)).toBe(true)
      expect(await countOf(`SELECT count(*) AS n FROM audit_log WHERE action NOT IN ('retention-purge', 'student-deleted')`)).toBe(0)

      // Run as Payload's scheduled job: nothing left to remove, and it says so.
      await server.payload.jobs.queue({ task: 'purgeExpiredStudentData', queue: 'retention', input: {} })
      await server.payload.jobs.run({ queue: 'retention' })
      expect(lines.filter((l) => l.startsWith('Retention purge')).at(-1)).toContain('removed 0 archived classroom(s), 0 student account(s)')
    } finally {
      info.mockRestore()
      setClock(new Date())
    }
  })
})

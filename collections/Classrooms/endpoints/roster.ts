import type { Endpoint, PayloadRequest } from 'payload'

import { classroomLimits } from '../../../common/classroomLimits'
import { defaults } from '../../../common/userOptions'
import { type CsvChoice, fileNameFor, isTimeZone, progressCsv } from '@cms/attempts/gridCsv'
import { GRID_SORTS, GRID_VIEWS } from '../../../common/progressGrid'
import { activityColumns, classroomCells, classroomProgress, rosterOf } from '@cms/attempts/grid'
import { clearPasswordTries } from '@cms/auth/loginLock'
import { inTransaction } from '@cms/attempts/transaction'
import { checkStudentRoom, takeStudentAccountBudget } from '../classroomLimits'
import { ownedClassroom } from './classrooms'
import { badRequest, type FieldError, json, notFound, onlyFields, readBody, routeParam, sameId, throwIfErrors } from '@cms/http/endpointInput'
import type { Classroom, User } from '../../../cms/payload-types'
import { recordedRead } from '../../AuditLog/recordRead'
import { deletionReceipt } from '../../Users/deletion'
import type { DeletionAnswer } from '@common/answers/privacy'
import { generateUsernames, randomPassword } from '../../Users/endpoints/usernames'

/** The most accounts one request creates: a full classroom. */
export const maxBulkStudents = classroomLimits.studentsPerClassroom

export const rosterMessages = {
  countOrNames: 'Give a number of students or a list of first names.',
  count: `The number of students must be a whole number from 1 to ${maxBulkStudents}.`,
  names: `Give from 1 to ${maxBulkStudents} first names, one per line.`,
  nameLength: 'A first name must be at most 100 characters.',
  created: (n: number) => `${n} student account${n === 1 ? '' : 's'} created. Print or note the passwords now: they are shown only once.`,
  notInClassroom: 'That student is not in this classroom.',
  removed: (username: string) => `${username} was removed from the classroom.`,
  deleted: (username: string) => `${username}'s account and all their data were deleted.`,
  newPassword: (username: string) => `New password set for ${username}.`,
  newPasswords: (n: number) =>
    `New passwords for ${n} student${n === 1 ? '' : 's'}: the old ones no longer work. Print the cards now: the passwords are shown only once.`,
  noStudents: 'This classroom has no students to make cards for.',
  archivedBody: 'Send archived as true or false.',
  archived: (name: string) => `${name} was archived. Its students can still sign in, and their work is kept.`,
  restored: (name: string) => `${name} is back in your classrooms.`,
  studentsChoice: 'students must be keep (their accounts stay) or delete (their accounts and data are deleted too).',
  deletedClassroom: (name: string, n: number, deletedStudents: boolean) =>
    deletedStudents
      ? `${name} was deleted, with ${n} student account${n === 1 ? '' : 's'} and all their data.`
      : `${name} was deleted. Its ${n} student${n === 1 ? '' : 's'} keep their accounts.`,
} as const

/** The student in the path, who must belong to the classroom. */
const classroomStudent = async (req: PayloadRequest, classroom: Classroom): Promise<User> => {
  const id = routeParam(req, 'studentId')
  const student = await req.payload.findByID({ collection: 'users', id, depth: 0, overrideAccess: true, req, disableErrors: true })
  if (!student || student.attributes?.type !== 'student' || !sameId(student.attributes?.classroom, classroom.id)) throw notFound(rosterMessages.notInClassroom)
  return student
}

/** `{ count }` or `{ firstNames }`: the first names to give (null for none), one per account. */
const bulkRequest = async (req: PayloadRequest): Promise<(string | null)[]> => {
  const body = await readBody(req)
  onlyFields(body, ['count', 'firstNames'])
  if ((body.count === undefined) === (body.firstNames === undefined)) throw badRequest([{ path: 'count', message: rosterMessages.countOrNames }])
  if (body.count !== undefined) {
    const count = body.count
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > maxBulkStudents)
      throw badRequest([{ path: 'count', message: rosterMessages.count }])
    return Array.from({ length: count }, () => null)
  }
  const names = body.firstNames
  if (!Array.isArray(names) || names.some((n) => typeof n !== 'string')) throw badRequest([{ path: 'firstNames', message: rosterMessages.names }])
  const trimmed = (names as string[]).map((n) => n.trim()).filter(Boolean)
  if (trimmed.length < 1 || trimmed.length > maxBulkStudents) throw badRequest([{ path: 'firstNames', message: rosterMessages.names }])
  if (trimmed.some((n) => n.length > 100)) throw badRequest([{ path: 'firstNames', message: rosterMessages.nameLength }])
  return trimmed
}

/** The accounts, each with a generated username and password, all or none. */
const createStudents = async (req: PayloadRequest, classroom: Classroom, firstNames: (string | null)[]) => {
  const usernames = await generateUsernames(req.payload, firstNames.length)
  return inTransaction(req, async () => {
    const accounts = []
    for (const [i, firstName] of firstNames.entries()) {
      const password = randomPassword()
      const user = await req.payload.create({
        collection: 'users',
        data: {
          username: usernames[i],
          password,
          hasPassword: true,
          rosterName: firstName,
          mode: defaults.mode,
          size: defaults.size,
          theme: defaults.theme,
          attributes: { type: 'student', classroom: classroom.id, completed: false },
        },
        overrideAccess: true,
        req,
      })
      accounts.push({ id: user.id, username: usernames[i], password, firstName })
    }
    return accounts
  })
}

const bulkCreate: Endpoint = {
  path: '/:id/students',
  method: 'post',
  handler: async (req) => {
    const classroom = await ownedClassroom(req, 'write')
    const firstNames = await bulkRequest(req)
    await checkStudentRoom(req, classroom.id, firstNames.length)
    const giveBack = await takeStudentAccountBudget(req, firstNames.length)
    let created
    try {
      created = await createStudents(req, classroom, firstNames)
    } catch (error) {
      await giveBack()
      throw error
    }
    return json(
      { message: rosterMessages.created(created.length), classroom: { id: classroom.id, name: classroom.name, code: classroom.code }, students: created },
      201,
    )
  },
}

const newPassword: Endpoint = {
  path: '/:id/students/:studentId/password',
  method: 'post',
  handler: async (req) => {
    const classroom = await ownedClassroom(req, 'write')
    const student = await classroomStudent(req, classroom)
    const password = randomPassword()
    await req.payload.update({ collection: 'users', id: student.id, data: { password, loginAttempts: 0, lockUntil: null }, overrideAccess: true, req })
    // The teacher is usually at the class's address: a classmate's lock there ends with the new password.
    if (student.username) await clearPasswordTries(student.username)
    return json({
      message: rosterMessages.newPassword(student.username ?? ''),
      id: student.id,
      username: student.username,
      password,
      firstName: student.rosterName ?? null,
    })
  },
}

/** The classroom's students, by roster name then username (the order the cards come out in). */
const studentsOf = async (req: PayloadRequest, classroom: Classroom): Promise<User[]> =>
  (
    await req.payload.find({
      collection: 'users',
      where: { and: [{ 'attributes.classroom': { equals: classroom.id } }, { 'attributes.type': { equals: 'student' } }] },
      pagination: false,
      depth: 0,
      overrideAccess: true,
      req,
    })
  ).docs.sort((a, b) => (a.rosterName ?? '').localeCompare(b.rosterName ?? '') || (a.username ?? '').localeCompare(b.username ?? ''))

/**
 * New login cards for the whole class in one go (a reprint): every student of the classroom gets a
 * new generated password, answered once, here. The old passwords and the students' sessions stop
 * working. All or none (PostgreSQL; see docs/adr/sqlite-without-transactions.md for SQLite). Rate-limited (cms/http/rateLimits.ts).
 */
const classLoginCards: Endpoint = {
  path: '/:id/login-cards',
  method: 'post',
  handler: async (req) => {
    const classroom = await ownedClassroom(req, 'write')
    onlyFields(await readBody(req), [])
    const students = await studentsOf(req, classroom)
    if (students.length === 0) throw badRequest([{ path: 'students', message: rosterMessages.noStudents }])
    const cards = await inTransaction(req, async () => {
      const made = []
      for (const student of students) {
        const password = randomPassword()
        await req.payload.update({ collection: 'users', id: student.id, data: { password, loginAttempts: 0, lockUntil: null }, overrideAccess: true, req })
        made.push({ id: student.id, username: student.username, password, firstName: student.rosterName ?? null })
      }
      return made
    })
    return json({
      message: rosterMessages.newPasswords(cards.length),
      classroom: { id: classroom.id, name: classroom.name, code: classroom.code },
      students: cards,
    })
  },
}

/** `{ archived: true }` archives the classroom, `{ archived: false }` brings it back. */
const archiveClassroom: Endpoint = {
  path: '/:id/archived',
  method: 'put',
  handler: async (req) => {
    const classroom = await ownedClassroom(req, 'write')
    const body = await readBody(req)
    onlyFields(body, ['archived'])
    if (typeof body.archived !== 'boolean') throw badRequest([{ path: 'archived', message: rosterMessages.archivedBody }])
    const archivedAt = body.archived ? (classroom.archivedAt ?? new Date().toISOString()) : null
    const updated = await req.payload.update({ collection: 'classrooms', id: classroom.id, data: { archivedAt }, overrideAccess: true, req })
    return json({
      message: body.archived ? rosterMessages.archived(classroom.name) : rosterMessages.restored(classroom.name),
      classroom: { id: updated.id, name: updated.name, code: updated.code, archivedAt: updated.archivedAt ?? null },
    })
  },
}

/**
 * Deletes the classroom. `?students=keep`: its students leave it and keep their accounts (and
 * their work, which leaves with them, as when one is removed). `?students=delete`: their accounts
 * and all their data are deleted too, as "Delete Account" does for one. Without the parameter the
 * accounts are kept (what loses least); the classroom page always asks the teacher.
 */
const deleteClassroom: Endpoint = {
  path: '/:id',
  method: 'delete',
  handler: async (req) => {
    const classroom = await ownedClassroom(req, 'write')
    const choice = new URL(req.url ?? 'http://localhost/').searchParams.get('students') ?? 'keep'
    if (choice !== 'keep' && choice !== 'delete') throw badRequest([{ path: 'students', message: rosterMessages.studentsChoice }])
    const students = await studentsOf(req, classroom)
    await inTransaction(req, async () => {
      for (const student of students) {
        if (choice === 'delete') await req.payload.delete({ collection: 'users', id: student.id, overrideAccess: true, req })
        else await req.payload.update({ collection: 'users', id: student.id, data: { attributes: { classroom: null } }, overrideAccess: true, req })
      }
      await req.payload.delete({ collection: 'classrooms', id: classroom.id, overrideAccess: true, req })
    })
    const message = rosterMessages.deletedClassroom(classroom.name, students.length, choice === 'delete')
    return json(choice === 'delete' ? ({ message, receipt: deletionReceipt(req, students) } satisfies DeletionAnswer) : { message })
  },
}

const removeStudent: Endpoint = {
  path: '/:id/students/:studentId',
  method: 'delete',
  handler: async (req) => {
    const classroom = await ownedClassroom(req, 'write')
    const student = await classroomStudent(req, classroom)
    // The account stays (the student may join another class); its attempts leave with it (Users' afterChange).
    await inTransaction(req, () =>
      req.payload.update({ collection: 'users', id: student.id, data: { attributes: { classroom: null } }, overrideAccess: true, req }),
    )
    return json({ message: rosterMessages.removed(student.username ?? '') })
  },
}

const deleteStudent: Endpoint = {
  path: '/:id/students/:studentId/account',
  method: 'delete',
  handler: async (req) => {
    const classroom = await ownedClassroom(req, 'write')
    const student = await classroomStudent(req, classroom)
    // The account, its sessions and membership, and (Users' beforeDelete) every record of its own, or nothing.
    await inTransaction(req, () => req.payload.delete({ collection: 'users', id: student.id, overrideAccess: true, req }))
    return json({ message: rosterMessages.deleted(student.username ?? ''), receipt: deletionReceipt(req, [student]) } satisfies DeletionAnswer)
  },
}

const progress: Endpoint = {
  path: '/:id/progress',
  method: 'get',
  handler: async (req) => {
    const classroom = await ownedClassroom(req, 'read')
    return json(await recordedRead(req, { action: 'progress-grid', classroom: classroom.id }, () => classroomProgress(req, classroom)))
  },
}

export const csvMessages = {
  parameter: (name: string) => `Unknown query parameter: ${name}.`,
  once: (name: string) => `Give ${name} once.`,
  layout: 'layout must be long or gradebook.',
  view: `view must be one of ${GRID_VIEWS.join(', ')}.`,
  sort: `sort must be one of ${GRID_SORTS.join(', ')}.`,
  id: (name: string) => `${name} must be an id.`,
  timeZone: 'timeZone must be a time zone name such as America/New_York.',
} as const

const csvParameters = ['layout', 'view', 'topic', 'module', 'expand', 'sort', 'timeZone'] as const

/**
 * The export's choice from its query: every parameter optional, so the bare address answers what it
 * always did (the long layout, every activity, name order) with dates in UTC. Anything else is a 400
 * naming the parameter.
 */
const csvChoice = (req: PayloadRequest): CsvChoice => {
  const query = new URL(req.url ?? 'http://localhost/').searchParams
  const errors: FieldError[] = []
  for (const name of new Set(query.keys())) {
    if (!(csvParameters as readonly string[]).includes(name)) errors.push({ path: name, message: csvMessages.parameter(name) })
    else if (query.getAll(name).length > 1) errors.push({ path: name, message: csvMessages.once(name) })
  }
  throwIfErrors(errors)
  const get = (name: (typeof csvParameters)[number]) => query.get(name) ?? ''
  const oneOf = <T extends string>(name: (typeof csvParameters)[number], allowed: readonly T[], fallback: T, message: string): T => {
    const value = get(name)
    if (!value) return fallback
    if (!(allowed as readonly string[]).includes(value)) errors.push({ path: name, message })
    return value as T
  }
  const isId = (value: string) => /^[A-Za-z0-9-]{1,64}$/.test(value)
  const layout = oneOf('layout', ['long', 'gradebook'] as const, 'long', csvMessages.layout)
  const view = oneOf('view', GRID_VIEWS, 'modules', csvMessages.view)
  const sort = oneOf('sort', GRID_SORTS, 'student', csvMessages.sort)
  for (const name of ['topic', 'module'] as const) if (get(name) && !isId(get(name))) errors.push({ path: name, message: csvMessages.id(name) })
  const expanded = get('expand') ? get('expand').split(',') : []
  if (expanded.length > 1000 || !expanded.every(isId)) errors.push({ path: 'expand', message: csvMessages.id('expand') })
  const timeZone = get('timeZone') || 'UTC'
  if (timeZone.length > 64 || !isTimeZone(timeZone)) errors.push({ path: 'timeZone', message: csvMessages.timeZone })
  throwIfErrors(errors)
  return { layout, view, sort, filters: { topic: get('topic'), module: get('module') }, expanded: new Set(expanded), timeZone }
}

const progressCsvExport: Endpoint = {
  path: '/:id/progress/csv',
  method: 'get',
  handler: async (req) => {
    const classroom = await ownedClassroom(req, 'read')
    const choice = csvChoice(req)
    const [topics, students, cells] = await recordedRead(req, { action: 'progress-csv', classroom: classroom.id }, () =>
      Promise.all([activityColumns(req), rosterOf(req, classroom.id), classroomCells(req, classroom.id, { withDates: true })]),
    )
    const suffix = choice.layout === 'gradebook' ? 'gradebook.csv' : 'progress.csv'
    return new Response(progressCsv(topics, students, cells, choice), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${fileNameFor(classroom.name, suffix)}"`,
        'Cache-Control': 'no-store',
      },
    })
  },
}

/** A student's attempts, read with the requester's own rights (so resume data stays the student's and staff's). */
const attemptsOf = async (req: PayloadRequest, studentId: unknown) =>
  (
    await req.payload.find({
      collection: 'attempts',
      where: { student: { equals: studentId } },
      select: { session: false },
      pagination: false,
      depth: 0,
      overrideAccess: false,
      user: req.user,
      req,
    })
  ).docs

const studentProgress: Endpoint = {
  path: '/:id/students/:studentId/progress',
  method: 'get',
  handler: async (req) => {
    const classroom = await ownedClassroom(req, 'read')
    const student = await classroomStudent(req, classroom)
    // The columns are GET /api/activities/columns, which the browser already holds from the grid
    // (600 KB on a large site, sent again with every student's page before).
    const attempts = await recordedRead(req, { action: 'student-progress', classroom: classroom.id, student: student.id }, () => attemptsOf(req, student.id))
    return json({
      classroom: { id: classroom.id, name: classroom.name, code: classroom.code },
      student: { id: student.id, username: student.username, firstName: student.rosterName ?? null },
      attempts: attempts.map((a) => ({
        activity: a.activity,
        status: a.status,
        score: a.score,
        attemptCount: a.attemptCount,
        openCount: a.openCount,
        timeSpentSeconds: a.timeSpentSeconds,
        firstOpenedAt: a.firstOpenedAt ?? null,
        lastOpenedAt: a.lastOpenedAt ?? null,
        completedAt: a.completedAt ?? null,
      })),
    })
  },
}

const studentData: Endpoint = {
  path: '/:id/students/:studentId/data',
  method: 'get',
  handler: async (req) => {
    const classroom = await ownedClassroom(req, 'read')
    const student = await classroomStudent(req, classroom)
    const attempts = await recordedRead(req, { action: 'student-export', classroom: classroom.id, student: student.id }, () => attemptsOf(req, student.id))
    const body = {
      exportedAt: new Date().toISOString(),
      account: {
        id: student.id,
        username: student.username,
        firstNameOnRoster: student.rosterName ?? null,
        firstName: student.attributes?.firstName ?? null,
        lastName: student.attributes?.lastName ?? null,
        type: student.attributes?.type,
        mode: student.mode,
        size: student.size,
        theme: student.theme,
        createdAt: student.createdAt,
        updatedAt: student.updatedAt,
      },
      classroom: { id: classroom.id, name: classroom.name, code: classroom.code },
      attempts,
    }
    return new Response(JSON.stringify(body, null, 2), {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Disposition': `attachment; filename="${fileNameFor(student.username ?? '', 'data.json')}"`,
        'Cache-Control': 'no-store',
      },
    })
  },
}

/** The classroom's progress, its roster and its life (archive, delete), for its teacher and authorised staff. */
export const rosterEndpoints: Endpoint[] = [
  progress,
  progressCsvExport,
  studentProgress,
  studentData,
  bulkCreate,
  newPassword,
  classLoginCards,
  archiveClassroom,
  removeStudent,
  deleteStudent,
  deleteClassroom,
]

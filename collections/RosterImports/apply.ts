/**
 * Applies a planned import (./plan.ts), all or nothing. On PostgreSQL the writes share one
 * transaction on the request (cms/attempts/transaction.ts). SQLite runs without transactions
 * (docs/adr/sqlite-without-transactions.md), so there every write is recorded as it is made and a
 * failure part-way undoes them, newest first, before the error goes back.
 */
import { randomBytes } from 'node:crypto'

import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

import { defaults } from '../../common/userOptions'
import { HttpError } from '@cms/http/endpointInput'
import { proposeClassroomCode } from '../Classrooms/endpoints/classrooms'
import { generateUsernames } from '../Users/endpoints/usernames'
import type { RosterPlan } from './plan'

type Id = number
type Undo = () => Promise<unknown>

export const applyMessages = {
  noCode: 'No free classroom code could be found for an imported class. Please try the import again.',
} as const

/** An account nobody can log in to with a password: the district's sign-in opens it. */
const unusablePassword = () => randomBytes(32).toString('base64url')

const write = async (req: PayloadRequest, plan: RosterPlan, undo: Undo[]) => {
  const { payload } = req
  const local = { overrideAccess: true, req, depth: 0 } as const
  const roster = (sourcedId: string) => ({ district: plan.district, sourcedId })
  const update = async (collection: 'schools' | 'classrooms' | 'users', id: Id, data: Record<string, unknown>) => {
    const before = (await payload.findByID({ collection, id, ...local })) as unknown as Record<string, unknown>
    const previous = Object.fromEntries(Object.keys(data).map((key) => [key, before[key] ?? null]))
    await payload.update({ collection, id, data: data as never, ...local })
    undo.push(() => payload.update({ collection, id, data: previous as never, ...local }))
  }
  const create = async (collection: 'schools' | 'classrooms' | 'users', data: Record<string, unknown>): Promise<Id> => {
    const doc = await payload.create({ collection, data: data as never, ...local })
    undo.push(() => payload.delete({ collection, id: doc.id, ...local }))
    return doc.id
  }

  const schoolIds = new Map<string, Id>()
  const existingSchools = await payload.find({
    collection: 'schools',
    where: { 'roster.district': { equals: plan.district } },
    select: { roster: true },
    pagination: false,
    ...local,
  })
  for (const s of existingSchools.docs) if (s.roster?.sourcedId) schoolIds.set(s.roster.sourcedId, s.id)
  for (const school of plan.schools) {
    if (school.existingId) await update('schools', school.existingId, { name: school.name })
    else schoolIds.set(school.sourcedId, await create('schools', { name: school.name, district: school.district, roster: roster(school.sourcedId) }))
  }

  const userIds = new Map<string, Id>()
  const existingUsers = await payload.find({
    collection: 'users',
    where: { 'roster.district': { equals: plan.district } },
    select: { roster: true },
    pagination: false,
    ...local,
  })
  for (const u of existingUsers.docs) if (u.roster?.sourcedId) userIds.set(u.roster.sourcedId, u.id)
  const newTeachersWithoutEmail = plan.teachers.filter((t) => !t.existingId && !t.email).length
  const newStudents = plan.students.filter((s) => !s.existingId).length
  const usernames = await generateUsernames(payload, newTeachersWithoutEmail + newStudents)
  for (const teacher of plan.teachers) {
    const school = teacher.schoolSourcedId ? schoolIds.get(teacher.schoolSourcedId) : undefined
    if (teacher.existingId) {
      const current = await payload.findByID({ collection: 'users', id: teacher.existingId, ...local })
      await update('users', teacher.existingId, {
        roster: roster(teacher.sourcedId),
        attributes: {
          ...current.attributes,
          firstName: teacher.firstName || current.attributes?.firstName,
          lastName: teacher.lastName || current.attributes?.lastName,
        },
      })
      userIds.set(teacher.sourcedId, teacher.existingId)
      continue
    }
    const login = teacher.email ? { email: teacher.email, emailVerified: false } : { username: usernames.pop() }
    const id = await create('users', {
      ...login,
      password: unusablePassword(),
      hasPassword: false,
      roster: roster(teacher.sourcedId),
      mode: defaults.mode,
      size: defaults.size,
      theme: defaults.theme,
      attributes: { type: 'teacher', firstName: teacher.firstName, lastName: teacher.lastName, ...(school ? { school } : {}), completed: false },
    })
    userIds.set(teacher.sourcedId, id)
  }

  const classroomIds = new Map<string, Id>()
  const existingClassrooms = await payload.find({
    collection: 'classrooms',
    where: { 'roster.district': { equals: plan.district } },
    select: { roster: true },
    pagination: false,
    ...local,
  })
  for (const c of existingClassrooms.docs) if (c.roster?.sourcedId) classroomIds.set(c.roster.sourcedId, c.id)
  for (const classroom of plan.classrooms) {
    const owner = classroom.teacherSourcedId ? userIds.get(classroom.teacherSourcedId) : undefined
    const school = classroom.schoolSourcedId ? schoolIds.get(classroom.schoolSourcedId) : undefined
    if (classroom.existingId && classroom.archive) {
      await update('classrooms', classroom.existingId, { archivedAt: new Date().toISOString() })
    } else if (classroom.existingId) {
      await update('classrooms', classroom.existingId, {
        name: classroom.name,
        archivedAt: null,
        roster: { ...roster(classroom.sourcedId), school: school ?? null },
        ...(owner ? { owner } : {}),
      })
    } else {
      const code = await proposeClassroomCode(req)
      if (!code) throw new HttpError(503, applyMessages.noCode)
      classroomIds.set(
        classroom.sourcedId,
        await create('classrooms', { name: classroom.name, code, owner, roster: { ...roster(classroom.sourcedId), school } }),
      )
    }
  }

  const joins = new Map(plan.joins.map((j) => [j.studentSourcedId, classroomIds.get(j.classSourcedId)]))
  for (const student of plan.students) {
    if (student.existingId) {
      await update('users', student.existingId, { rosterName: student.rosterName })
      continue
    }
    const classroom = joins.get(student.sourcedId)
    joins.delete(student.sourcedId)
    userIds.set(
      student.sourcedId,
      await create('users', {
        username: usernames.pop(),
        password: unusablePassword(),
        hasPassword: false,
        rosterName: student.rosterName,
        roster: roster(student.sourcedId),
        mode: defaults.mode,
        size: defaults.size,
        theme: defaults.theme,
        attributes: { type: 'student', classroom: classroom ?? null, completed: false },
      }),
    )
  }
  const setClassroom = async (id: Id, classroom: Id | null) => {
    const current = await payload.findByID({ collection: 'users', id, ...local })
    await update('users', id, { attributes: { ...current.attributes, classroom } })
  }
  for (const [studentSid, classroom] of joins) {
    const id = userIds.get(studentSid)
    if (id !== undefined && classroom !== undefined) await setClassroom(id, classroom)
  }
  for (const id of plan.removals) await setClassroom(id, null)
}

/** Applies the plan; a failure anywhere leaves the database as it was. */
export const applyImport = async (req: PayloadRequest, plan: RosterPlan): Promise<void> => {
  const transaction = await initTransaction(req)
  const undo: Undo[] = []
  try {
    await write(req, plan, undo)
    if (transaction) await commitTransaction(req)
  } catch (error) {
    if (transaction) await killTransaction(req)
    // Without a transaction of its own or an outer one (SQLite), the writes are undone one by one.
    else if (!(await req.transactionID)) {
      for (const step of undo.reverse()) {
        try {
          await step()
        } catch (undoError) {
          req.payload.logger.error({ err: undoError }, 'A roster import could not undo one of its writes')
        }
      }
    }
    throw error
  }
}

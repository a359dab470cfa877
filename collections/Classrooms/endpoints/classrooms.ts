import type { Endpoint, PayloadRequest } from 'payload'

import { randomInt } from 'node:crypto'

import { userHasAnyScope, userHasScope } from '../../../common/scopes'
import type { Classroom } from '../../../cms/payload-types'
import { clearPasswordTries } from '@cms/auth/loginLock'
import { classroomsWithStudents } from './classroomResponse'
import { isTimeZone } from '../../../common/zonedTime'
import {
  type Body,
  checkPassword,
  conflict,
  type FieldError,
  forbidden,
  json,
  notFound,
  onlyFields,
  readBody,
  requiredString,
  requireUser,
  routeParam,
  sameId,
  throwIfErrors,
} from '@cms/http/endpointInput'

export const classroomMessages = {
  name: 'Classroom name is required.',
  code: 'Classroom code is required.',
  codeFormat: 'Classroom codes use 3 to 32 letters, digits or dashes.',
  codeTaken: 'That classroom code is already in use. Choose another.',
  timeZone: 'timeZone must be a time zone name such as America/New_York or America/Chicago.',
  unknownCode: 'No classroom found with that code.',
  studentPassword: 'Password updated.',
} as const

export const normalizeCode = (code: string) => code.trim().toUpperCase()

/** A classroom's name and code, and optionally its time zone (the one its assignments' times are read in). */
export const checkClassroomInput = (body: Body) => {
  onlyFields(body, ['name', 'code', 'timeZone'])
  const errors: FieldError[] = []
  const name = requiredString(body, 'name', classroomMessages.name, errors, 'name', 100)
  const code = normalizeCode(requiredString(body, 'code', classroomMessages.code, errors, 'code', 32))
  if (code && !/^[A-Z0-9-]{3,32}$/.test(code)) errors.push({ path: 'code', message: classroomMessages.codeFormat })
  const timeZone = body.timeZone === undefined ? undefined : body.timeZone
  if (timeZone !== undefined && !isTimeZone(timeZone)) errors.push({ path: 'timeZone', message: classroomMessages.timeZone })
  throwIfErrors(errors)
  return { name, code, ...(timeZone === undefined ? {} : { timeZone: timeZone as string }) }
}

export const findClassroomByCode = async (req: PayloadRequest, code: string) => {
  const { docs } = await req.payload.find({
    collection: 'classrooms',
    where: { code: { equals: normalizeCode(code) } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return docs[0] ?? null
}

export const codeTaken = async (req: PayloadRequest, code: string, exceptId?: unknown) => {
  const found = await findClassroomByCode(req, code)
  return Boolean(found && !sameId(found.id, exceptId))
}

/**
 * The classroom in the path (or `classroomId`), which the requester must own, or hold staff scopes for: users:write
 * to change it and its roster ('write'), users:read or users:write to read its students' work ('read').
 */
export const ownedClassroom = async (req: PayloadRequest, need: 'read' | 'write' = 'write', classroomId?: string | number): Promise<Classroom> => {
  const me = requireUser(req)
  const id = classroomId ?? routeParam(req, 'id')
  const classroom = await req.payload.findByID({ collection: 'classrooms', id, depth: 0, overrideAccess: true, req, disableErrors: true })
  if (!classroom) throw notFound('Classroom not found.')
  const staff = need === 'read' ? userHasAnyScope(me, ['users:read', 'users:write']) : userHasScope(me, 'users:write')
  if (!sameId(classroom.owner, me.id) && !staff) throw forbidden('Only the teacher of this classroom can do that.')
  return classroom
}

const updateClassroom: Endpoint = {
  path: '/:id',
  method: 'put',
  handler: async (req) => {
    const classroom = await ownedClassroom(req)
    const input = checkClassroomInput(await readBody(req))
    if (await codeTaken(req, input.code, classroom.id)) throw conflict('code', classroomMessages.codeTaken)
    const updated = await req.payload.update({ collection: 'classrooms', id: classroom.id, data: input, overrideAccess: true, req })
    const [answer] = await classroomsWithStudents(req, [updated])
    return json(answer)
  },
}

// Letters and digits a child cannot misread when copying from the board: no I, L, O, 0 or 1.
const codeLetters = 'ABCDEFGHJKMNPQRSTUVWXYZ'
const codeDigits = '23456789'
const pick = (from: string, count: number) => Array.from({ length: count }, () => from[randomInt(from.length)]).join('')

/** A readable classroom code no classroom uses yet, such as `KTR-482` (null when every try was taken). */
export const proposeClassroomCode = async (req: PayloadRequest): Promise<string | null> => {
  for (let tries = 0; tries < 20; tries += 1) {
    const code = `${pick(codeLetters, 3)}-${pick(codeDigits, 3)}`
    if (!(await findClassroomByCode(req, code))) return code
  }
  return null
}

/**
 * A code the teacher can keep or change on the create form. Only proposed: creating the classroom
 * still checks that the code is free, since another teacher may take it in between.
 */
const proposedCode: Endpoint = {
  path: '/proposed-code',
  method: 'get',
  handler: async (req) => {
    const me = requireUser(req)
    if (me.attributes?.type === 'student') throw forbidden('Students cannot create classrooms.')
    const code = await proposeClassroomCode(req)
    if (!code) throw conflict('code', classroomMessages.codeTaken)
    return json({ code })
  },
}

const lookupCode: Endpoint = {
  path: '/code/:code',
  method: 'get',
  handler: async (req) => {
    const code = String(req.routeParams?.code ?? '')
    const classroom = code.length <= 32 ? await findClassroomByCode(req, code) : null
    // An archived classroom takes no new students (signup refuses its code too).
    if (!classroom || classroom.archivedAt) throw notFound(classroomMessages.unknownCode)
    // Only what a student joining needs to recognise the class: never the teacher or the roster.
    return json({ name: classroom.name, code: classroom.code })
  },
}

const resetStudentPassword: Endpoint = {
  path: '/:id/students/:studentId/password',
  method: 'put',
  handler: async (req) => {
    const classroom = await ownedClassroom(req)
    const studentId = routeParam(req, 'studentId')
    const student = await req.payload.findByID({ collection: 'users', id: studentId, depth: 0, overrideAccess: true, req, disableErrors: true })
    if (!student || !sameId(student.attributes?.classroom, classroom.id)) throw notFound('That student is not in this classroom.')
    const body = await readBody(req)
    onlyFields(body, ['password', 'confirmPassword'])
    const errors: FieldError[] = []
    const password = requiredString(body, 'password', 'Password is required.', errors, 'password', 1000)
    checkPassword(password, errors)
    if (body.confirmPassword !== undefined && body.confirmPassword !== password) errors.push({ path: 'confirmPassword', message: 'Passwords do not match.' })
    throwIfErrors(errors)
    await req.payload.update({
      collection: 'users',
      id: student.id,
      data: { password, loginAttempts: 0, lockUntil: null },
      overrideAccess: true,
      req,
    })
    // As with a generated password (roster.ts): the lock at the teacher's address ends.
    if (student.username) await clearPasswordTries(student.username)
    return json({ message: classroomMessages.studentPassword })
  },
}

export const classroomEndpoints: Endpoint[] = [proposedCode, lookupCode, resetStudentPassword, updateClassroom]

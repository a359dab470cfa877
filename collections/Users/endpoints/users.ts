import type { Endpoint, PayloadRequest } from 'payload'

import { idOf } from '@common/ids'
import { userHasScope } from '../../../common/scopes'
import { defaults, modes, themes } from '../../../common/userOptions'
import { LOCALES, isLocale } from '../../../common/locales'
import { checkProfile, parseProfile, type ProfileInput } from '../profileRules'
import type { User } from '../../../cms/payload-types'
import type { UserAnswer, UsernameAnswer } from '@common/answers/account'
import type { ClassroomList } from '@common/answers/classrooms'
import { classroomsWithStudents } from '../../Classrooms/endpoints/classroomResponse'
import { recordRead, recordedRead } from '../../AuditLog/recordRead'
import { checkClassroomInput, classroomMessages, codeTaken } from '../../Classrooms/endpoints/classrooms'
import {
  badRequest,
  type Body,
  checkEmail,
  checkPassword,
  conflict,
  type FieldError,
  forbidden,
  HttpError,
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
import { generateUsername } from './usernames'
import { loadPublicUser, updatePublicUser } from './userResponse'

/** A user's profile, as the collection stores it (any value until checked). */
type ProfileDraft = { [K in keyof NonNullable<User['attributes']>]?: unknown }

/** A relationship read at depth 0 or populated: its id. */

export const accountMessages = {
  connected: 'Email and password added to your account.',
  emailUpdated: 'Email successfully updated.',
  passwordUpdated: 'Password successfully updated.',
  themeUpdated: 'Theme settings updated.',
  profileSaved: 'Profile saved.',
  emailTaken: 'An account with this email already exists.',
  alreadyLocal: 'This account already has an email and password. Use Update Email or Update Password instead.',
  noLocal: 'This account has no email and password yet. Use Connect Email Account first.',
  connectMismatch: "Password and confirmation don't match",
  passwordMismatch: 'Passwords do not match.',
} as const

const notYourAccount = 'You can only change your own account.'

/** The id in the path, which must be the requester's own (signed in, so it exists: nothing to read). */
export const ownAccountId = (req: PayloadRequest, param: string) => {
  const me = requireUser(req)
  if (!sameId(me.id, routeParam(req, param))) throw forbidden(notYourAccount)
  return me.id
}

/** The account named in the path, which must be the requester's own (or any, for `scope`); `refusal` says why another is refused. */
export const ownAccount = async (req: PayloadRequest, param: string, scope?: 'users:read' | 'users:write', refusal: string = notYourAccount): Promise<User> => {
  const me = requireUser(req)
  const id = routeParam(req, param)
  if (!sameId(me.id, id) && !(scope && userHasScope(me, scope))) throw forbidden(refusal)
  const user = await req.payload.findByID({ collection: 'users', id, depth: 0, overrideAccess: true, req, disableErrors: true })
  if (!user) throw notFound('User not found.')
  return user
}

const emailInUse = async (req: PayloadRequest, email: string, exceptId: unknown) => {
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { or: [{ email: { equals: email } }, { username: { equals: email } }] },
    limit: 2,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return docs.some((doc) => !sameId(doc.id, exceptId))
}

const passwordPair = (body: Body, errors: FieldError[], mismatch: string) => {
  const password = requiredString(body, 'password', 'Password is required.', errors, 'password', 1000)
  checkPassword(password, errors)
  if (body.confirmPassword !== undefined) {
    const confirm = requiredString(body, 'confirmPassword', 'Password confirmation is required.', errors, 'confirmPassword', 1000)
    if (confirm && password && confirm !== password) errors.push({ path: 'confirmPassword', message: mismatch })
  }
  return password
}

const username: Endpoint = {
  path: '/username',
  method: 'get',
  handler: async (req) => json({ username: await generateUsername(req.payload) } satisfies UsernameAnswer),
}

const connectLocal: Endpoint = {
  path: '/:id/providers',
  method: 'post',
  handler: async (req) => {
    const user = await ownAccount(req, 'id')
    const body = await readBody(req)
    onlyFields(body, ['provider', 'username', 'email', 'password', 'confirmPassword'])
    if (body.provider !== undefined && body.provider !== 'local')
      throw badRequest([{ path: 'provider', message: 'Only an email and password login can be added here.' }])
    if (user.hasPassword !== false && user.email) throw new HttpError(400, accountMessages.alreadyLocal)
    const errors: FieldError[] = []
    const email = requiredString({ email: body.username ?? body.email }, 'email', 'Email is required.', errors, 'username').toLowerCase()
    checkEmail(email, errors, 'username')
    const password = passwordPair(body, errors, accountMessages.connectMismatch)
    throwIfErrors(errors)
    if (await emailInUse(req, email, user.id)) throw conflict('username', accountMessages.emailTaken)
    return json({ message: accountMessages.connected, user: await updatePublicUser(req, user.id, { email, password, hasPassword: true }) } satisfies UserAnswer)
  },
}

const updateLocal: Endpoint = {
  path: '/:id/providers',
  method: 'put',
  handler: async (req) => {
    const user = await ownAccount(req, 'id')
    const body = await readBody(req)
    onlyFields(body, ['provider', 'username', 'email', 'password', 'confirmPassword', 'currentPassword'])
    if (body.provider !== undefined && body.provider !== 'local' && body.provider !== 'username') {
      throw badRequest([{ path: 'provider', message: 'Only the email and password login can be updated here.' }])
    }
    if (user.hasPassword === false) throw new HttpError(400, accountMessages.noLocal)
    const errors: FieldError[] = []
    const data: { email?: string; password?: string } = {}
    const newEmail = body.username ?? body.email
    if (newEmail !== undefined) {
      if (!user.email) throw badRequest([{ path: 'username', message: 'This account logs in with a username; it has no email to update.' }])
      data.email = requiredString({ email: newEmail }, 'email', 'Email is required.', errors, 'username').toLowerCase()
      checkEmail(data.email, errors, 'username')
    }
    if (body.password !== undefined || body.confirmPassword !== undefined) data.password = passwordPair(body, errors, accountMessages.passwordMismatch)
    if (newEmail === undefined && data.password === undefined) errors.push({ path: 'username', message: 'Email is required.' })
    throwIfErrors(errors)
    if (data.email && (await emailInUse(req, data.email, user.id))) throw conflict('username', accountMessages.emailTaken)
    const message = data.email ? accountMessages.emailUpdated : accountMessages.passwordUpdated
    // The Users hooks check the current password and end the account's other sessions.
    return json({ message, user: await updatePublicUser(req, user.id, { ...data, currentPassword: body.currentPassword }) } satisfies UserAnswer)
  },
}

/** Fields that only make sense for some account types; changing type drops them (spec section 4). */
const typeSpecificKeys = ['position', 'district', 'school', 'certification', 'grades', 'subjects'] as const

const schoolVisibleTo = async (req: PayloadRequest, school: string | number) => {
  const found = await req.payload.find({ collection: 'schools', where: { id: { equals: school } }, limit: 1, depth: 0, overrideAccess: false, req })
  return found.totalDocs > 0
}

const updateProfile: Endpoint = {
  path: '/:id',
  method: 'put',
  handler: async (req) => {
    const user = await ownAccount(req, 'id', 'users:write')
    const body = await readBody(req)
    onlyFields(body, ['attributes'])
    const errors: FieldError[] = []
    const input = parseProfile(body.attributes ?? {}, errors)
    throwIfErrors(errors)
    const current = user.attributes ?? {}
    const isStudent = current.type === 'student'
    const next: ProfileDraft = { ...current }

    if (input.type === null) {
      if (isStudent) throw badRequest([{ path: 'attributes.type', message: 'A student account cannot change its type.' }])
      for (const key of typeSpecificKeys) next[key] = key === 'grades' || key === 'subjects' ? [] : null
      next.type = null
      next.completed = false
    } else {
      const type = input.type ?? current.type
      if (!type) throw badRequest([{ path: 'attributes.type', message: 'Choose an account type.' }])
      if (isStudent && type !== 'student') throw badRequest([{ path: 'attributes.type', message: 'A student account cannot change its type.' }])
      if (!isStudent && type === 'student') throw badRequest([{ path: 'attributes.type', message: 'Students join with a classroom code.' }])
      const allowed: (keyof ProfileInput)[] = isStudent
        ? ['firstName', 'lastName']
        : ['firstName', 'lastName', 'position', 'district', 'state', 'country', 'school', 'certification', 'grades', 'subjects']
      for (const key of allowed) if (input[key] !== undefined) next[key] = input[key]
      if (!isStudent && type !== current.type) {
        for (const key of typeSpecificKeys) if (input[key] === undefined) next[key] = key === 'grades' || key === 'subjects' ? [] : null
      }
      next.type = type
      next.state ??= defaults.state
      next.country ??= defaults.country
      checkProfile(next as ProfileInput, type, errors)
      if (next.school && !errors.some((e) => e.path === 'attributes.school') && !(await schoolVisibleTo(req, next.school as string | number))) {
        errors.push({ path: 'attributes.school', message: 'School is required.' })
      }
      throwIfErrors(errors)
      next.completed = true
    }
    for (const key of ['school', 'classroom'] as const) if (next[key] !== undefined) next[key] = idOf(next[key])
    return json({ message: accountMessages.profileSaved, user: await updatePublicUser(req, user.id, { attributes: next }) } satisfies UserAnswer)
  },
}

const saveTheme: Endpoint = {
  path: '/:id/theme',
  method: 'put',
  handler: async (req) => {
    const id = ownAccountId(req, 'id')
    const body = await readBody(req)
    onlyFields(body, ['mode', 'size', 'theme', 'language'])
    const errors: FieldError[] = []
    const data: Partial<Pick<User, 'mode' | 'size' | 'theme' | 'language'>> = {}
    if (body.mode !== undefined) {
      if ((modes as readonly unknown[]).includes(body.mode)) data.mode = body.mode as User['mode']
      else errors.push({ path: 'mode', message: 'Mode must be day or night.' })
    }
    if (body.size !== undefined) {
      if (typeof body.size === 'boolean') data.size = body.size
      else errors.push({ path: 'size', message: 'Size must be true or false.' })
    }
    if (body.theme !== undefined) {
      if ((themes as readonly unknown[]).includes(body.theme)) data.theme = body.theme as User['theme']
      else errors.push({ path: 'theme', message: `Theme must be one of ${themes.join(', ')}.` })
    }
    if (body.language !== undefined) {
      if (body.language === null || isLocale(body.language)) data.language = body.language
      else errors.push({ path: 'language', message: `Language must be one of ${LOCALES.join(', ')}.` })
    }
    if (!errors.length && !Object.keys(data).length) errors.push({ path: 'theme', message: 'Send mode, size, theme or language.' })
    throwIfErrors(errors)
    // The answer is the account as the sign-in check just read it (cached copies, nothing asked of
    // the database) with the new preferences: read after the write, it cost a read of the whole
    // account and, on PostgreSQL, two more statements in line before the answer left.
    const before = await loadPublicUser(req, id)
    // Preferences only, each checked above against the option lists the fields themselves use: one
    // narrow write through the database adapter instead of a whole-account Payload update (every
    // field validated and every array rewritten), because a class saves themes while it browses.
    // The adapter's wrapper forgets the cached account here and on the other
    // instances (cms/cache/accountCache.ts); no Users hook acts on these fields. Payload's own
    // PATCH /api/users/:id still takes the full path.
    const saved = { ...data, updatedAt: new Date().toISOString() }
    await req.payload.db.updateOne({ collection: 'users', id, data: saved, req, returning: false })
    return json({ message: accountMessages.themeUpdated, user: { ...before, ...saved } })
  },
}

const listClassrooms: Endpoint = {
  path: '/:userId/classrooms',
  method: 'get',
  handler: async (req) => {
    const user = await ownAccount(req, 'userId', 'users:read')
    // In use by default; `?archived=true` lists the archived ones instead.
    const archived = new URL(req.url ?? 'http://localhost/').searchParams.get('archived') === 'true'
    const { docs } = await req.payload.find({
      collection: 'classrooms',
      where: { and: [{ owner: { equals: user.id } }, { archivedAt: { exists: archived } }] },
      sort: 'name',
      pagination: false,
      depth: 0,
      // The classroom's own join to its students: classroomsWithStudents reads them, narrower.
      joins: false,
      overrideAccess: true,
      req,
    })
    const classrooms = await classroomsWithStudents(req, docs)
    const studentCount = classrooms.reduce((n, c) => n + c.students.length, 0)
    if (studentCount > 0) await recordRead(req, { action: 'roster', classroom: classrooms.length === 1 ? classrooms[0].id : null, studentCount })
    return json({ docs: classrooms, totalDocs: classrooms.length } satisfies ClassroomList)
  },
}

const createClassroom: Endpoint = {
  path: '/:userId/classrooms',
  method: 'post',
  handler: async (req) => {
    const user = await ownAccount(req, 'userId')
    if (user.attributes?.type === 'student') throw forbidden('Students cannot create classrooms.')
    const body = await readBody(req)
    const input = checkClassroomInput(body)
    if (await codeTaken(req, input.code)) throw conflict('code', classroomMessages.codeTaken)
    const classroom = await req.payload.create({ collection: 'classrooms', data: { ...input, owner: user.id }, overrideAccess: true, req })
    const [answer] = await classroomsWithStudents(req, [classroom])
    return json(answer, 201)
  },
}

const readClassroom: Endpoint = {
  path: '/:userId/classrooms/:classroomId',
  method: 'get',
  handler: async (req) => {
    const user = await ownAccount(req, 'userId', 'users:read')
    const classroomId = routeParam(req, 'classroomId')
    const { docs } = await req.payload.find({
      collection: 'classrooms',
      where: { and: [{ id: { equals: classroomId } }, { owner: { equals: user.id } }] },
      limit: 1,
      depth: 0,
      joins: false,
      overrideAccess: true,
      req,
    })
    if (!docs[0]) throw notFound('Classroom not found.')
    const [answer] = await recordedRead(req, { action: 'roster', classroom: docs[0].id }, () => classroomsWithStudents(req, docs))
    return json(answer)
  },
}

export const userEndpoints: Endpoint[] = [username, connectLocal, updateLocal, saveTheme, listClassrooms, createClassroom, readClassroom, updateProfile]

import type { Endpoint } from 'payload'

import { defaults } from '../../../common/userOptions'
import { logIn } from './auth'
import { checkStudentRoom } from '../../Classrooms/classroomLimits'
import { classroomMessages, findClassroomByCode } from '../../Classrooms/endpoints/classrooms'
import {
  badRequest,
  type Body,
  checkEmail,
  checkPassword,
  conflict,
  type FieldError,
  onlyFields,
  readBody,
  requiredString,
  throwIfErrors,
} from '@cms/http/endpointInput'
import { usernameTaken } from './usernames'
import { accountRuleMessages, usernamePattern } from '../../../common/accountRules'

const defaultPreferences = { mode: defaults.mode, size: defaults.size, theme: defaults.theme }

export const signupMessages = {
  email: 'Email is required.',
  password: 'Password is required.',
  username: 'Username is required.',
  usernameFormat: accountRuleMessages.usernameFormat,
  usernameTaken: 'That username is taken. Get another one.',
  emailTaken: 'An account with this email already exists.',
  classroom: 'Classroom code is required.',
  created: 'Your account has been created.',
} as const

/**
 * POST /api/signup (spec section 7). Educators: one `local` provider (email + password).
 * Students: one `username` (or, as the spec writes it, `local`) provider and
 * `attributes: { type: 'student', classroom: <code> }`.
 */
export const signup: Endpoint = {
  path: '/signup',
  method: 'post',
  handler: async (req) => {
    const body = await readBody(req)
    onlyFields(body, ['providers', 'attributes'])
    const providers = body.providers
    if (!Array.isArray(providers) || providers.length !== 1 || !providers[0] || typeof providers[0] !== 'object') {
      throw badRequest([{ path: 'providers', message: 'Send one provider: local (email and password) or username (students).' }])
    }
    const provider = providers[0] as Body
    onlyFields(provider, ['provider', 'username', 'password'], 'providers.0.')
    const errors: FieldError[] = []
    const password = requiredString(provider, 'password', signupMessages.password, errors, 'password', 1000)
    checkPassword(password, errors)

    // Spec section 7 writes a student's signup with a `local` provider and `attributes.type: student`;
    // the `username` provider says the same. Either is a student signup.
    const attributesType = body.attributes && typeof body.attributes === 'object' ? (body.attributes as Body).type : undefined
    const isStudentSignup = provider.provider === 'username' || (provider.provider === 'local' && attributesType === 'student')

    if (provider.provider === 'local' && !isStudentSignup) {
      if (body.attributes !== undefined) throw badRequest([{ path: 'attributes', message: 'Educators choose their account type after signing up.' }])
      const email = requiredString(provider, 'username', signupMessages.email, errors, 'email').toLowerCase()
      checkEmail(email, errors)
      throwIfErrors(errors)
      const { totalDocs } = await req.payload.count({
        collection: 'users',
        where: { or: [{ email: { equals: email } }, { username: { equals: email } }] },
        overrideAccess: true,
        req,
      })
      if (totalDocs) throw conflict('email', signupMessages.emailTaken)
      await req.payload.create({ collection: 'users', data: { email, password, hasPassword: true, ...defaultPreferences }, overrideAccess: true, req })
      return logIn(req, email, password, 201, signupMessages.created)
    }

    if (isStudentSignup) {
      const username = requiredString(provider, 'username', signupMessages.username, errors, 'username', 40).toLowerCase()
      if (username && !usernamePattern.test(username)) errors.push({ path: 'username', message: signupMessages.usernameFormat })
      const attributes = (body.attributes ?? {}) as Body
      if (typeof attributes !== 'object' || Array.isArray(attributes)) throw badRequest([{ path: 'attributes', message: 'attributes must be an object.' }])
      onlyFields(attributes, ['type', 'classroom'], 'attributes.')
      if (attributes.type !== undefined && attributes.type !== 'student')
        errors.push({ path: 'attributes.type', message: 'Student signup creates a student account.' })
      const code = requiredString(attributes, 'classroom', classroomMessages.code, errors, 'attributes.classroom', 32)
      throwIfErrors(errors)
      const classroom = await findClassroomByCode(req, code)
      // An archived classroom takes no new students.
      if (!classroom || classroom.archivedAt) throw badRequest([{ path: 'attributes.classroom', message: classroomMessages.unknownCode }])
      if (await usernameTaken(req.payload, username)) throw conflict('username', signupMessages.usernameTaken)
      await checkStudentRoom(req, classroom.id, 1)
      await req.payload.create({
        collection: 'users',
        data: {
          username,
          password,
          hasPassword: true,
          ...defaultPreferences,
          attributes: { type: 'student', classroom: classroom.id, completed: false },
        },
        overrideAccess: true,
        req,
      })
      return logIn(req, username, password, 201, signupMessages.created)
    }

    throw badRequest([{ path: 'providers.0.provider', message: 'Sign up with provider local (educators) or username (students).' }])
  },
}

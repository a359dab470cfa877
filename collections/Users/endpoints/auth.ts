import type { Endpoint, PayloadRequest } from 'payload'

import { AuthenticationError, LockedAuth, logoutOperation } from 'payload'
import { generateExpiredPayloadCookie } from 'payload/shared'

import { recipientLanguage, resetPasswordMessage } from '@cms/auth/email'
import { clearPasswordTries, countPasswordTry, isPastLoginLock } from '@cms/auth/loginLock'
import {
  badRequest,
  checkEmail,
  checkPassword,
  type FieldError,
  HttpError,
  json,
  onlyFields,
  readBody,
  requiredString,
  throwIfErrors,
} from '@cms/http/endpointInput'
import type { SessionAnswer } from '@common/answers/account'
import { loadPublicUser, sessionCookie } from './userResponse'

export const messages = {
  badCredentials: 'The username/email or password provided is incorrect.',
  locked: 'This account is locked after too many failed log-in attempts. Please try again in 10 minutes.',
  loggedOut: 'You have been logged out.',
  resetRequested: 'If an account uses that email, we have sent it a link to reset the password.',
  resetDone: 'Password reset. You have been logged in.',
  badResetToken: 'This password reset link is invalid or has expired. Please request a new one.',
  loggedIn: 'Logged in.',
  loginRequired: 'Username or email is required.',
  passwordRequired: 'Password is required.',
  emailRequired: 'Email is required.',
  resetTokenRequired: 'Password reset token is required.',
  passwordsDiffer: 'Passwords do not match.',
} as const

/**
 * A refused login answers no sooner than this. The password check costs an unknown account what
 * it costs a known one (Payload's login, patched), but a known account's refusal also writes its failed
 * attempt, and with a hash as fast as argon2id's that write shows in the answer's time, telling
 * which accounts exist. Every refusal through the login routes takes at least this long.
 */
const refusedLoginFloorMs = 150

/** Logs in with a username or an email and answers the user, the token and the session cookie. */
export const logIn = async (req: PayloadRequest, login: string, password: string, status = 200, message: string = messages.loggedIn) => {
  const started = performance.now()
  const refusedAfterFloor = async (error: HttpError) => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, refusedLoginFloorMs - (performance.now() - started))))
    throw error
  }
  // Per address and login name, known or not (cms/auth/loginLock.ts): the same answer for every name.
  const tries = await countPasswordTry(login)
  if (isPastLoginLock(tries)) return refusedAfterFloor(new HttpError(429, messages.locked))
  try {
    const result = await req.payload.login({ collection: 'users', data: { username: login, password }, depth: 0, req })
    if (!result.token || !result.user) throw new AuthenticationError()
    // A first try leaves a count of one behind, which the next success clears: one write in two logins.
    if (tries > 1) await clearPasswordTries(login)
    const user = await loadPublicUser(req, result.user.id)
    return json({ message, user: { ...user, token: result.token }, token: result.token, exp: result.exp } satisfies SessionAnswer, status, {
      'Set-Cookie': sessionCookie(req, result.token),
    })
  } catch (error) {
    // (A lock Payload stored before the product counted tries per address still holds until it ends.)
    if (error instanceof LockedAuth) return refusedAfterFloor(new HttpError(429, messages.locked))
    if (error instanceof AuthenticationError) return refusedAfterFloor(new HttpError(401, messages.badCredentials))
    throw error
  }
}

const login: Endpoint = {
  path: '/login',
  method: 'post',
  handler: async (req) => {
    const body = await readBody(req)
    onlyFields(body, ['username', 'email', 'password'])
    const errors: FieldError[] = []
    const name = body.username ?? body.email
    const username = requiredString({ username: name }, 'username', messages.loginRequired, errors)
    const password = requiredString(body, 'password', messages.passwordRequired, errors, 'password', 1000)
    throwIfErrors(errors)
    return logIn(req, username, password)
  },
}

const logoutHandler: Endpoint['handler'] = async (req) => {
  if (req.user) await logoutOperation({ collection: req.payload.collections.users, req })
  const expired = generateExpiredPayloadCookie({
    collectionAuthConfig: req.payload.collections.users.config.auth,
    cookiePrefix: req.payload.config.cookiePrefix,
  })
  return json({ message: messages.loggedOut }, 200, { 'Set-Cookie': expired })
}

/** Makes a reset token and mails the link, when an account uses that email, in the account's language. */
const sendResetLink = async (req: PayloadRequest, email: string) => {
  const token = await req.payload.forgotPassword({ collection: 'users', data: { email }, disableEmail: true, req })
  if (!token) return
  // The database read alone: the account's language is all the mail needs (no hooks).
  const account = await req.payload.db.findOne<{ id: number | string; language?: string | null }>({
    collection: 'users',
    where: { email: { equals: email } },
    select: { language: true },
    req,
  })
  await req.payload.sendEmail({ to: email, ...resetPasswordMessage(token, recipientLanguage(req, account ?? undefined)) })
}

const passwordRequest: Endpoint = {
  path: '/password/request',
  method: 'post',
  handler: async (req) => {
    const body = await readBody(req)
    onlyFields(body, ['username', 'email'])
    const errors: FieldError[] = []
    const email = requiredString({ email: body.username ?? body.email }, 'email', messages.emailRequired, errors, 'username').toLowerCase()
    checkEmail(email, errors, 'username')
    throwIfErrors(errors)
    // The answer goes out before the work starts (a timer, not a promise, so that none of the work's
    // database and mail steps interleave with sending the answer), and its timing says nothing
    // about whether the account exists.
    setTimeout(() => sendResetLink(req, email).catch((err) => req.payload.logger.error({ err }, 'Could not send a password reset email')), 0)
    return json({ message: messages.resetRequested })
  },
}

const passwordReset: Endpoint = {
  path: '/password/reset',
  method: 'post',
  handler: async (req) => {
    const body = await readBody(req)
    // `confirm-password` is the admin panel's name for the confirmation.
    onlyFields(body, ['token', 'password', 'confirmPassword', 'confirm-password'])
    const errors: FieldError[] = []
    const confirmation = body.confirmPassword ?? body['confirm-password']
    const token = requiredString(body, 'token', messages.resetTokenRequired, errors, 'token', 200)
    const password = requiredString(body, 'password', messages.passwordRequired, errors, 'password', 1000)
    checkPassword(password, errors)
    if (confirmation !== undefined && confirmation !== body.password) {
      errors.push({ path: 'confirmPassword', message: messages.passwordsDiffer })
    }
    throwIfErrors(errors)
    let result
    try {
      result = await req.payload.resetPassword({ collection: 'users', data: { token, password }, overrideAccess: true, req })
    } catch (error) {
      if (error instanceof HttpError) throw error
      throw badRequest([{ path: 'token', message: messages.badResetToken }])
    }
    const id = (result.user as { id: string | number }).id
    // Choosing a password by email gives a social-only account a local login too, and opening the
    // link proved the email is theirs. (Payload's reset already ended every other session.)
    await req.payload.update({ collection: 'users', id, data: { hasPassword: true, emailVerified: true }, overrideAccess: true, req })
    const user = await loadPublicUser(req, id)
    const sessionToken = result.token as string
    return json({ message: messages.resetDone, user: { ...user, token: sessionToken }, token: sessionToken } satisfies SessionAnswer, 200, {
      'Set-Cookie': sessionCookie(req, sessionToken),
    })
  },
}

/** Payload's generated login and password routes under /api/users, answered by the same handlers. */
export const passwordDoors: Endpoint[] = [
  { ...login, path: '/login' },
  { ...passwordRequest, path: '/forgot-password' },
  { ...passwordReset, path: '/reset-password' },
]

export const authEndpoints: Endpoint[] = [
  login,
  { path: '/logout', method: 'get', handler: logoutHandler },
  { path: '/logout', method: 'post', handler: logoutHandler },
  passwordRequest,
  passwordReset,
]

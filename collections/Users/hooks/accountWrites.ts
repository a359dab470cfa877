import type { CollectionBeforeChangeHook, CollectionBeforeOperationHook, CollectionBeforeValidateHook, PayloadRequest } from 'payload'
import { ValidationError } from 'payload'

import { accountRuleMessages, emailPattern, passwordProblem, usernamePattern } from '../../../common/accountRules'
import { userHasScope } from '../../../common/scopes'
import { HttpError } from '@cms/http/endpointInput'
import { clearPasswordTries, countPasswordTry, isPastLoginLock } from '@cms/auth/loginLock'
import { verifyPasswordHash } from '@cms/auth/patchedPayload'

/**
 * The account rules of every write path: the product's endpoints, Payload's generated
 * `POST/PATCH /api/users[/:id]`, the admin panel and the Local API all pass through these hooks.
 * docs/adr/account-rules-where-every-route-passes.md lists them.
 */

type Data = Record<string, unknown>
type RawUser = Data & { id: string | number; hash?: string; salt?: string; sessions?: { id: string }[] | null; lockUntil?: string | null }

const lockedMessage = 'This account is locked after too many failed log-in attempts. Please try again in 10 minutes.'

const invalid = (path: string, message: string) => new ValidationError({ collection: 'users', errors: [{ path, message }] })

const normalize = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : value)

const isSelf = (req: PayloadRequest, id: unknown) => Boolean(req.user) && id !== undefined && String(req.user?.id) === String(id)

/** The stored row, with hash, salt, lock and sessions, which API reads never show. */
export const rawUser = async (req: PayloadRequest, id: string | number): Promise<RawUser | null> =>
  (await req.payload.db.findOne({ collection: 'users', where: { id: { equals: id } }, req })) as RawUser | null

const changesLogin = (data: Data, stored: RawUser) =>
  typeof data.password === 'string' ||
  (['email', 'username'] as const).some((key) => data[key] !== undefined && normalize(data[key]) !== normalize(stored[key]))

/**
 * Changing one's own login (email, username or password) needs the current password (OWASP ASVS V2.1.6) when the
 * account has one; a social-only account adding its first email and password does not. A wrong
 * current password counts toward the login lock like a failed login. Staff with users:write
 * change other people's accounts without it; bulk updates may not touch logins at all.
 */
export const requireCurrentPassword: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  // Payload names both an update by id and a bulk update by `where` 'update'; only the first has an id.
  if (operation !== 'update') return args
  const id = (args as { id?: string | number }).id
  const data = (args.data ?? {}) as Data
  const currentPassword = data.currentPassword
  delete data.currentPassword
  const touchesLogin = data.email !== undefined || data.username !== undefined || data.password !== undefined
  if (!touchesLogin || !req.user) return args
  if (id === undefined) {
    if (userHasScope(req.user, 'users:write')) return args
    throw new HttpError(403, 'Change your email or password from your account page.')
  }
  if (!isSelf(req, id)) return args
  const stored = await rawUser(req, id)
  if (!stored || stored.hasPassword === false || !changesLogin(data, stored)) return args
  if (typeof currentPassword !== 'string' || currentPassword === '') throw invalid('currentPassword', accountRuleMessages.currentPasswordRequired)
  if (stored.lockUntil && new Date(stored.lockUntil).getTime() > Date.now()) throw new HttpError(429, lockedMessage)
  // Counted with the account's logins from this address (cms/auth/loginLock.ts), under each name it logs in with.
  const names = [stored.email, stored.username].filter((name): name is string => typeof name === 'string' && name !== '')
  const tries = await countPasswordTry(...names)
  if (isPastLoginLock(tries)) throw new HttpError(429, lockedMessage)
  if (!(await verifyPasswordHash(stored, currentPassword))) throw invalid('currentPassword', accountRuleMessages.currentPasswordWrong)
  if (tries > 1) await clearPasswordTries(...names)
  return args
}

/**
 * Logins are unambiguous: emails and usernames are stored lower-case, an email looks like one, a
 * username follows the username format (so it never contains `@` and can never equal anybody's
 * email), and a password holds the 8–128 rule.
 */
export const checkLoginFields: CollectionBeforeValidateHook = ({ data }) => {
  if (!data) return data
  for (const key of ['email', 'username'] as const) {
    if (data[key] === '') data[key] = null
    else data[key] = normalize(data[key])
  }
  if (data.username != null && (typeof data.username !== 'string' || !usernamePattern.test(data.username)))
    throw invalid('username', accountRuleMessages.usernameFormat)
  if (data.email !== undefined && data.email !== null && (typeof data.email !== 'string' || !emailPattern.test(data.email))) {
    throw invalid('email', accountRuleMessages.emailFormat)
  }
  if (data.password !== undefined) {
    const problem = typeof data.password === 'string' ? passwordProblem(data.password) : accountRuleMessages.passwordTooShort
    if (problem) throw invalid('password', problem)
  }
  return data
}

/**
 * What a login change implies, whoever makes it: a new password means the account has one; a new
 * email is unconfirmed until its owner opens the link sent to it, and either change ends every
 * other session of the account (Payload already does so for a password; this covers email).
 */
export const loginChangeEffects: CollectionBeforeChangeHook = async ({ data, operation, originalDoc, req }) => {
  // (Social sign-in creates an account with an unusable random password and hasPassword false.)
  if (typeof data.password === 'string' && (operation === 'update' || data.hasPassword === undefined)) data.hasPassword = true
  if (operation !== 'update' || !originalDoc) return data
  const emailChanged = data.email !== undefined && normalize(data.email) !== normalize(originalDoc.email)
  if (!emailChanged) return data
  // (`data` carries the stored emailVerified too: a changed email is unconfirmed, whatever it says.)
  data.emailVerified = false
  const stored = await rawUser(req, originalDoc.id)
  const keep = isSelf(req, originalDoc.id) ? (req.user as { _sid?: string })._sid : undefined
  data.sessions = (stored?.sessions ?? []).filter((session) => keep !== undefined && session.id === keep)
  return data
}

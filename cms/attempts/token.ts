/**
 * The xAPI launch token: a package launched with xAPI gets `auth=Basic base64("launch:<token>")`,
 * good for one student and one activity, for TOKEN_HOURS at most. It is signed with a key derived
 * from the Payload secret and opens the LRS endpoints under /api/xapi and nothing else. It names
 * the login session it was opened in and the student's classroom then, and `launchProblem` checks
 * both on every LRS request: logging out, a password change that ends the session, leaving the
 * classroom or deleting the account ends the token too. See docs/adr/launch-tokens-end-with-the-login.md.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

import type { Payload } from 'payload'

import { cachedAccountDocument } from '@cms/cache'

export const TOKEN_HOURS = 8

export interface LaunchClaims {
  /** user id */
  u: string
  /** activity id */
  a: string
  /** expiry, seconds since the epoch */
  e: number
  /** the login session (Payload's `sid`) the activity was opened in */
  s?: string
  /** the student's classroom id when the activity was opened, or null */
  c?: string | null
}

/** Where a launch was opened: the request's login session and the student's classroom. */
export interface LaunchSession {
  sid?: string
  classroom?: unknown
}

const key = (secret: string) => createHmac('sha256', secret).update('civics360 xapi launch token v1').digest()

const sign = (secret: string, body: string) => createHmac('sha256', key(secret)).update(body).digest('base64url')

export const issueLaunchToken = (secret: string, userId: unknown, activityId: unknown, now = Date.now(), session: LaunchSession = {}): string => {
  const claims: LaunchClaims = {
    u: String(userId),
    a: String(activityId),
    e: Math.floor(now / 1000) + TOKEN_HOURS * 3600,
    s: session.sid,
    c: idText(session.classroom),
  }
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url')
  return `${body}.${sign(secret, body)}`
}

export const verifyLaunchToken = (secret: string, token: string, now = Date.now()): LaunchClaims | null => {
  const [body, signature, extra] = token.split('.')
  if (!body || !signature || extra !== undefined || token.length > 1000) return null
  const expected = Buffer.from(sign(secret, body))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LaunchClaims
    if (typeof claims.u !== 'string' || typeof claims.a !== 'string' || typeof claims.e !== 'number') return null
    if ((claims.s !== undefined && typeof claims.s !== 'string') || (claims.c !== undefined && claims.c !== null && typeof claims.c !== 'string')) return null
    return claims.e * 1000 > now ? claims : null
  } catch {
    return null
  }
}

const idText = (value: unknown): string | null => {
  const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : value
  return id === undefined || id === null ? null : String(id)
}

export const launchMessages = {
  invalid: 'The launch token is missing, wrong or expired. Close the activity and open it again.',
  accountGone: 'The account this activity was opened for no longer exists.',
  sessionEnded: 'The login this activity was opened in has ended (logged out, password changed or signed out elsewhere). Log in again and reopen the activity.',
  classroomLeft: 'The student has left the classroom this activity was opened in. Reopen the activity.',
} as const

type Session = { id?: unknown; expiresAt?: unknown }

/**
 * Why a signed, unexpired launch no longer holds, or null while it does: the account must still
 * exist, list the login session the launch was opened in (as Payload's own session check reads the
 * account, so a logout, a password change or a deletion is seen at once), and be in the same
 * classroom.
 */
export const launchProblem = async (payload: Payload, claims: LaunchClaims, now = Date.now()): Promise<keyof typeof launchMessages | null> => {
  const account = (await cachedAccountDocument(payload, claims.u)) as { sessions?: Session[] | null; attributes?: { classroom?: unknown } | null } | null
  if (!account) return 'accountGone'
  const live = (account.sessions ?? []).some(
    (session) => claims.s !== undefined && session.id === claims.s && new Date(String(session.expiresAt)).getTime() > now,
  )
  if (!live) return 'sessionEnded'
  if (idText(account.attributes?.classroom) !== (claims.c ?? null)) return 'classroomLeft'
  return null
}

/** The `auth` launch parameter: what xAPI clients put in their Authorization header as is. */
export const basicAuth = (token: string) => `Basic ${Buffer.from(`launch:${token}`).toString('base64')}`

/** The token from an Authorization header (Basic launch:<token>, or Bearer <token>). */
export const tokenFromHeader = (header: string | null): string | null => {
  if (!header) return null
  const [scheme, value] = header.trim().split(/\s+/, 2)
  if (!value) return null
  if (/^bearer$/i.test(scheme)) return value
  if (!/^basic$/i.test(scheme)) return null
  const bytes = Buffer.from(value, 'base64')
  // Only the one canonical encoding: Node's decoder ignores stray characters and the spare bits of the last one.
  if (bytes.toString('base64') !== value) return null
  const decoded = bytes.toString('utf8')
  const colon = decoded.indexOf(':')
  return colon >= 0 ? decoded.slice(colon + 1) : null
}

/**
 * The xAPI launch token: a package launched with xAPI gets `auth=Basic base64("launch:<token>")`,
 * good for one student and one activity, for TOKEN_HOURS. It is signed with a key derived from
 * the Payload secret and carries no session: it opens the LRS endpoints under /api/xapi and
 * nothing else. See docs/decisions.md, "xAPI".
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const TOKEN_HOURS = 8

export interface LaunchClaims {
  /** user id */
  u: string
  /** activity id */
  a: string
  /** expiry, seconds since the epoch */
  e: number
}

const key = (secret: string) => createHmac('sha256', secret).update('civics360 xapi launch token v1').digest()

const sign = (secret: string, body: string) => createHmac('sha256', key(secret)).update(body).digest('base64url')

export const issueLaunchToken = (secret: string, userId: unknown, activityId: unknown, now = Date.now()): string => {
  const claims: LaunchClaims = { u: String(userId), a: String(activityId), e: Math.floor(now / 1000) + TOKEN_HOURS * 3600 }
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
    return claims.e * 1000 > now ? claims : null
  } catch {
    return null
  }
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
  const decoded = Buffer.from(value, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  return colon >= 0 ? decoded.slice(colon + 1) : null
}

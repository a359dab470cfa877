/**
 * The key in a cmi5 launch's fetch URL: it names the student, the activity, the AU session it was
 * made for and the login it was opened in, signed with a key derived from the Payload secret (not
 * the launch token's key, so neither can stand for the other). It is good for one auth token:
 * the attempt's cmi5 record notes when the session's token was handed out
 * (collections/Attempts/endpoints/cmi5.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

import { TOKEN_HOURS } from '@cms/attempts/token'

export interface FetchClaims {
  /** user id */
  u: string
  /** activity id */
  a: string
  /** the AU session (the attempt's session key) */
  k: string
  /** the login session (Payload's `sid`) the activity was opened in */
  s?: string
  /** the student's classroom id when the activity was opened, or null */
  c?: string | null
  /** expiry, seconds since the epoch */
  e: number
}

const key = (secret: string) => createHmac('sha256', secret).update('civics360 cmi5 fetch key v1').digest()

const sign = (secret: string, body: string) => createHmac('sha256', key(secret)).update(body).digest('base64url')

export const issueFetchKey = (secret: string, claims: Omit<FetchClaims, 'e'>, now = Date.now()): string => {
  const body = Buffer.from(JSON.stringify({ ...claims, e: Math.floor(now / 1000) + TOKEN_HOURS * 3600 })).toString('base64url')
  return `${body}.${sign(secret, body)}`
}

/** The claims of a well-signed key, expired or not (an expired one is its own error), or null. */
export const readFetchKey = (secret: string, value: string): FetchClaims | null => {
  const [body, signature, extra] = value.split('.')
  if (!body || !signature || extra !== undefined || value.length > 1000) return null
  const expected = Buffer.from(sign(secret, body))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as FetchClaims
    const text = (v: unknown) => typeof v === 'string' && v.length > 0
    if (!text(claims.u) || !text(claims.a) || !text(claims.k) || typeof claims.e !== 'number') return null
    if ((claims.s !== undefined && typeof claims.s !== 'string') || (claims.c !== undefined && claims.c !== null && typeof claims.c !== 'string')) return null
    return claims
  } catch {
    return null
  }
}

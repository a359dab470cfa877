import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

import { cookieName, cookieValues, secureAttribute, secureCookies } from '../cookies'
import { stateMaxAgeSeconds } from '../oauth/state'
import { safeRedirect } from '@common/sameSitePath'

/**
 * What a district sign-in must remember between leaving for the district and coming back: the
 * district key, OAuth state, OpenID nonce, PKCE code verifier, the page to return to and when it left.
 */
export type DistrictFlow = { key: string; state: string; nonce: string; verifier: string; redirect: string; startedAt: number }

type Stored = { k: string; s: string; n: string; v: string; r: string; t: number }

export const flowCookieName = () => cookieName('district-flow')

/** Over https the cookie is `__Host-` prefixed (which needs Path=/); over plain http it stays under the district routes. */
const cookiePath = () => (secureCookies() ? '/' : '/authenticate/district')

const keyOf = (secret: string) => createHash('sha256').update(`civics360-district-flow:${secret}`).digest()

/**
 * The flow rides in one HttpOnly, SameSite=Lax cookie, encrypted and authenticated with a key drawn
 * from the Payload secret: the browser carries it back on the district's redirect, but neither it nor
 * anyone else can read the code verifier or change a byte of it.
 */
export const flowCookie = (secret: string, flow: DistrictFlow) => {
  const stored: Stored = { k: flow.key, s: flow.state, n: flow.nonce, v: flow.verifier, r: safeRedirect(flow.redirect), t: flow.startedAt }
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(stored), 'utf8'), cipher.final()])
  const value = [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.')
  return `${flowCookieName()}=${value}; Path=${cookiePath()}; Max-Age=${stateMaxAgeSeconds}; HttpOnly; SameSite=Lax${secureAttribute()}`
}

export const expiredFlowCookie = () => `${flowCookieName()}=; Path=${cookiePath()}; Max-Age=0; HttpOnly; SameSite=Lax${secureAttribute()}`

/**
 * The flow this browser started for this district, if its cookie is ours, whole, single and fresh;
 * else null. Two cookies of that name can only mean one was planted (by another port of this host
 * over plain http), so neither is trusted.
 */
export const readFlow = (secret: string, cookieHeader: string | undefined, key: string, now = Date.now()): DistrictFlow | null => {
  const values = cookieValues(cookieHeader, flowCookieName())
  if (values.length !== 1 || values[0].length > 4000) return null
  const [iv, body, tag, extra] = values[0].split('.')
  if (!iv || !body || !tag || extra !== undefined) return null
  let stored: Partial<Stored>
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), Buffer.from(iv, 'base64url'))
    decipher.setAuthTag(Buffer.from(tag, 'base64url'))
    stored = JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8'))
  } catch {
    return null
  }
  const { k, s, n, v, r, t } = stored
  if (k !== key || typeof s !== 'string' || typeof n !== 'string' || typeof v !== 'string' || typeof t !== 'number') return null
  if (now - t > stateMaxAgeSeconds * 1000 || t - now > 60_000) return null
  return { key: k, state: s, nonce: n, verifier: v, redirect: safeRedirect(r), startedAt: t }
}

import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

import { LRUCache } from 'lru-cache'
import type { Payload, TypedUser } from 'payload'

import { forgetAccount, forgetAllAccounts } from './accountCache'
import { headersOf } from '../http/payloadHandler'
import { requestUser } from '../auth/requestUser'
import { carriesSessionCookie, sessionCookieName, sessionCookieValue } from '../auth/sessionHeaders'

/**
 * "Is this request signed in?" for the public-read cache (cms/cache/publicCache.ts), without reading the
 * account on every request: Payload's JWT check reads the whole account (most of the cost of a
 * cached read). Payload's verdict for one request's session headers changes only when
 * the account changes (a logout, a login trimming old sessions, a password change, a deletion:
 * each passes a Users hook that calls `forgetUser`, here and on the other instances) or when the
 * token expires (checked against its own `exp`). Payload's own check still guards everything that
 * is not a cached read, and the cache fills an entry only with the user it resolved for that very
 * request (`requestUserNow`, cms/cache/publicCache.ts).
 */
type Known = { userId: string; exp: number }
/**
 * Each account's cached credentials: an account's write (every login appends a session) forgets its
 * own tokens without walking all of them (on the one JavaScript thread of every instance the write
 * is announced to).
 */
const credentialsByUser = new Map<string, Set<string>>()
const verdicts = (max: number) =>
  new LRUCache<string, Known>({
    max,
    // Evicted, replaced or deleted: no longer listed under its account.
    dispose: ({ userId }, credentials) => {
      const listed = credentialsByUser.get(userId)
      listed?.delete(credentials)
      if (listed?.size === 0) credentialsByUser.delete(userId)
    },
  })
let known = verdicts(1)
/** Sizes the verdicts' cache: `max` sets of session headers at most, the most recently used. */
export const enableSignedInCache = (max: number) => {
  credentialsByUser.clear()
  known = verdicts(max)
}
const remember = (credentials: string, value: Known) => {
  known.set(credentials, value)
  const listed = credentialsByUser.get(value.userId)
  if (listed) listed.add(credentials)
  else credentialsByUser.set(value.userId, new Set([credentials]))
}
/** Bumped by every forget: an answer looked up before one is not cached (it may predate the change). */
let changes = 0

/**
 * What Payload's JWT check reads of a request (cms/http/payloadHandler.ts `headersOf` gives Payload the
 * same headers): the Authorization header, the Cookie header, and the Origin and Sec-Fetch-Site it
 * checks a cookie against. A verdict is cached under a digest of exactly those, never under a token
 * this file would pick itself: Payload's verdict for the same headers is the same (until the
 * account changes or the token expires), however the headers were written. A digest, so a cached
 * verdict costs the same whatever the size of the headers it was made for.
 */
const credentialsOf = (headers: Headers) =>
  createHash('sha256')
    .update(JSON.stringify([headers.get('authorization'), headers.get('cookie'), headers.get('origin'), headers.get('sec-fetch-site')]))
    .digest('base64url')

const expiryOf = (token: string) => {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number }
    return typeof claims.exp === 'number' ? claims.exp * 1000 : 0
  } catch {
    return 0
  }
}

/**
 * Until when a verdict may be cached: the earliest expiry among the tokens the request carries (after
 * the Authorization scheme, and the session cookie), one of which is the token Payload accepted.
 * Earlier than that token's own expiry at worst, never later. 0 when none reads as a token.
 */
const cachedUntil = (payload: Payload, req: IncomingMessage) => {
  const authorization = req.headers.authorization
  const candidates = [authorization?.slice(authorization.indexOf(' ') + 1), sessionCookieValue(req.headers.cookie, sessionCookieName(payload))]
  const expiries = candidates.map((token) => (token ? expiryOf(token) : 0)).filter((expiry) => expiry > 0)
  return expiries.length ? Math.min(...expiries) : 0
}

/**
 * A request with neither an Authorization header nor a session cookie: no strategy Payload runs
 * could find a user in it (the session headers were checked first: cms/auth/sessionHeaders.ts).
 */
const carriesNoCredentials = (payload: Payload, req: IncomingMessage) =>
  !req.headers.authorization && !carriesSessionCookie(req.headers.cookie, sessionCookieName(payload))

/** An account changed: its tokens' answers and its cached copy (cms/cache/accountCache.ts) are forgotten. */
export const forgetUser = (userId: string | number) => {
  changes++
  forgetAccount(userId)
  // A copy: each delete unlists itself (`dispose`) from the set being read.
  for (const credentials of [...(credentialsByUser.get(String(userId)) ?? [])]) known.delete(credentials)
}

export const forgetEveryone = () => {
  changes++
  forgetAllAccounts()
  // Unlisted first, so that the cache's `dispose` finds nothing to unlist: one by one, a full
  // cache's tokens made a clear several times slower.
  credentialsByUser.clear()
  known.clear()
}

/**
 * The request's user as Payload's strategies find it now (no cached verdict), or null. A user found
 * is cached as a verdict for these headers (`cachedSignedIn`), unless its account changed meanwhile.
 */
export const requestUserNow = async (payload: Payload, req: IncomingMessage): Promise<TypedUser | null> => {
  if (carriesNoCredentials(payload, req)) return null
  const headers = headersOf(req)
  const started = changes
  const user = await requestUser(payload, headers)
  if (!user) return null
  const exp = cachedUntil(payload, req)
  if (started === changes && exp > Date.now()) remember(credentialsOf(headers), { userId: String(user.id), exp })
  return user
}

/**
 * What is known of the request without asking Payload: false when it carries no credentials, true
 * when Payload found a live session for the same headers (and nothing has changed since), else
 * undefined.
 */
export const cachedSignedIn = (payload: Payload, req: IncomingMessage): boolean | undefined => {
  if (carriesNoCredentials(payload, req)) return false
  const hit = known.get(credentialsOf(headersOf(req)))
  return hit && hit.exp > Date.now() ? true : undefined
}

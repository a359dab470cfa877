import type { IncomingMessage } from 'node:http'

import { LRUCache } from 'lru-cache'
import type { Payload } from 'payload'

import { forgetAccount, forgetAllAccounts } from './accountCache'
import { sessionCookieName } from './cookies'
import { requestUser } from './requestUser'

/**
 * "Is this request signed in?" for the public-read cache (cms/publicCache.ts), without reading the
 * account on every request: Payload's JWT check reads the whole account (about 10 ms on SQLite,
 * most of a cached read). The answer for one token changes only when its account changes (a
 * logout, a login trimming old sessions, a password change, a deletion: each passes a Users hook
 * that calls `forgetUser`, here and on the other instances) or when the token expires (checked
 * against its own `exp`). Payload's own check still guards everything that is not a cached read.
 */
type Known = { userId: string; exp: number }
/**
 * Each account's kept credentials: an account's write (every login appends a session) forgets its
 * own tokens without walking all of them (2 ms a write with 20,000 kept, on the one JavaScript
 * thread of every instance the write is announced to).
 */
const credentialsByUser = new Map<string, Set<string>>()
const known = new LRUCache<string, Known>({
  max: 20_000,
  // Evicted, replaced or deleted: no longer listed under its account.
  dispose: ({ userId }, credentials) => {
    const listed = credentialsByUser.get(userId)
    listed?.delete(credentials)
    if (listed?.size === 0) credentialsByUser.delete(userId)
  },
})
const remember = (credentials: string, value: Known) => {
  known.set(credentials, value)
  const listed = credentialsByUser.get(value.userId)
  if (listed) listed.add(credentials)
  else credentialsByUser.set(value.userId, new Set([credentials]))
}
/** Bumped by every forget: an answer looked up before one is not kept (it may predate the change). */
let changes = 0

const credentialsOf = (req: IncomingMessage) => {
  const cookie = new RegExp(`(?:^|;\\s*)${sessionCookieName()}=([^;]+)`).exec(req.headers.cookie ?? '')?.[1]
  return req.headers.authorization || (cookie ? `cookie ${cookie}` : undefined)
}

const expiryOf = (token: string) => {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number }
    return typeof claims.exp === 'number' ? claims.exp * 1000 : 0
  } catch {
    return 0
  }
}

/** An account changed: its tokens' answers and its kept copy (cms/accountCache.ts) are forgotten. */
export const forgetUser = (userId: string | number) => {
  changes++
  forgetAccount(userId)
  // A copy: each delete unlists itself (`dispose`) from the set being read.
  for (const credentials of [...(credentialsByUser.get(String(userId)) ?? [])]) known.delete(credentials)
}

export const forgetEveryone = () => {
  changes++
  forgetAllAccounts()
  // Unlisted first, so that the cache's `dispose` finds nothing to unlist: one by one, 20,000
  // tokens tripled a clear's time (3.5 to 10-18 ms).
  credentialsByUser.clear()
  known.clear()
}

/** True when the request carries a live session (Payload's JWT check decides; its answer is kept). */
export const isSignedIn = async (payload: Payload, req: IncomingMessage): Promise<boolean> => {
  const credentials = credentialsOf(req)
  if (!credentials) return false
  const hit = known.get(credentials)
  if (hit && hit.exp > Date.now()) return true
  const started = changes
  const headers = new Headers()
  if (req.headers.authorization) headers.set('authorization', req.headers.authorization)
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie)
  const user = await requestUser(payload, headers)
  if (!user) return false
  const exp = expiryOf(credentials.replace(/^(?:Bearer|JWT|cookie) /i, ''))
  if (started === changes && exp) remember(credentials, { userId: String(user.id), exp })
  return true
}

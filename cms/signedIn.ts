import type { IncomingMessage } from 'node:http'

import { LRUCache } from 'lru-cache'
import type { Payload } from 'payload'

import { forgetAccount, forgetAllAccounts } from './accountCache'
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
const known = new LRUCache<string, Known>({ max: 20_000 })
/** Bumped by every forget: an answer looked up before one is not kept (it may predate the change). */
let changes = 0

const credentialsOf = (req: IncomingMessage) => {
  const cookie = /(?:^|;\s*)payload-token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1]
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
  const id = String(userId)
  for (const [key, value] of known.entries()) if (value.userId === id) known.delete(key)
}

export const forgetEveryone = () => {
  changes++
  forgetAllAccounts()
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
  if (started === changes && exp) known.set(credentials, { userId: String(user.id), exp })
  return true
}

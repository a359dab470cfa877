import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { promisify } from 'node:util'
import zlib from 'node:zlib'

import type { NextFunction, Request, Response } from 'express'
import { LRUCache } from 'lru-cache'
import type { AuthStrategy, Payload, TypedUser } from 'payload'

import { forgetAccountsOnWrite, useSharedAccountVersions } from './accountCache'
import { type ChangeSignal, listenForChanges } from './changeSignal'
import { chosenEncoding } from '@cms/http/contentEncoding'
import { databaseKind, databaseUrl } from '@cms/database/databaseUrl'
import { cachedAddress } from './publicCacheAddress'
import { cachedSignedIn, forgetEveryone, forgetUser, requestUserNow } from './signedIn'

/**
 * The public-read cache (docs/decisions.md "Public pages at static-file speed").
 *
 * Content is read thousands of times for every edit. A GET of published content (a list, a
 * document by id, a page by slug, the progress grid's columns) is answered from memory, keyed by
 * the request's path with the query parameters its route reads (cms/cache/publicCacheAddress.ts) and by
 * who asks: nobody, or a signed-in person, as Payload resolved that person for the request that
 * made the entry. Content reads depend on nothing else (the only rule that tells people apart is "signed
 * in or not": activities, a module's activities, and the columns, which follow the activities'
 * rule). The entry holds the body with its gzip and brotli forms and an ETag.
 *
 * Any change to a collection whose documents appear in those answers clears the whole cache: from
 * the collection's afterChange/afterDelete hooks (every route: REST, admin, Local API), again when
 * the writing request has finished (the hooks run before the transaction commits: a read between
 * the two could store the old content), and on every other instance by the shared content version
 * it checks before each cached read (PostgreSQL).
 * A miss started before a change is never stored (`generation`).
 *
 * Until the plugin is installed with `enabled` (cms/cache/index.ts), every read goes to Payload.
 */

/** Collections whose documents appear in cached answers (through joins and depth as well). */
export const contentCollections = new Set(['topics', 'modules', 'activities', 'benchmarks', 'pages', 'media', 'countries'])

type Entry = { status: number; headers: [string, string][]; body: Buffer; gzip: Buffer; br: Buffer; etag: string }

/** The room an entry takes: its key and headers as well as its three bodies, and a little for the objects holding them. */
const entrySize = (entry: Entry, key: string) =>
  key.length + entry.headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0) + entry.body.length + entry.gzip.length + entry.br.length + 200

let enabled = false
let cache = new LRUCache<string, Entry>({ maxSize: 1, sizeCalculation: entrySize })

/** Turns the public-read cache on, its entries taking `maxBytes` at most. */
export const enablePublicCache = (maxBytes: number) => {
  enabled = true
  cache = new LRUCache<string, Entry>({ maxSize: maxBytes, sizeCalculation: entrySize })
}

/** How full the cache is, as it counts itself against its bound (`PUBLIC_CACHE_MB`). */
export const publicCacheSize = () => ({ entries: cache.size, bytes: cache.calculatedSize, maxBytes: cache.maxSize })
const inFlight = new Map<string, Promise<Entry | undefined>>()
let generation = 0
let signal: ChangeSignal | undefined

const clear = () => {
  generation++
  cache.clear()
  inFlight.clear()
}

/** Tell this instance and the others that content changed: their caches are cleared. */
const announceContent = async () => {
  clear()
  await signal?.announceContent()
}

/** The content version this instance's cache was filled at (PostgreSQL; see changeSignal.ts). */
let cachedVersion: string | undefined
/**
 * On PostgreSQL, whether the cache may answer: the shared content version is the one it was filled
 * at (else it is cleared first). False while the version cannot be read: Payload answers then.
 */
const cacheIsCurrent = async () => {
  if (!signal) return true
  const version = await signal.contentVersion()
  if (version === undefined) return false
  if (version !== cachedVersion) {
    clear()
    cachedVersion = version
  }
  return true
}
/** Values computed from content alone (the progress grid's columns), by key, with the generation they were computed at. */
const derived = new Map<string, { generation: number; value: Promise<unknown> }>()

/**
 * A value that depends on published content only, computed once per content change (on every
 * instance: the same signal that clears the cache). A computation started before a change is
 * used by the requests that were waiting for it, never after. Callers share the value: they must
 * not change it.
 */
export const cachedWhileContentUnchanged = async <T>(key: string, compute: () => Promise<T>): Promise<T> => {
  if (!enabled || !(await cacheIsCurrent())) return compute()
  const cached = derived.get(key)
  if (cached?.generation === generation) return cached.value as Promise<T>
  const value = compute()
  derived.set(key, { generation, value })
  // A failure is not cached: the next request computes again.
  value.catch(() => {
    if (derived.get(key)?.value === value) derived.delete(key)
  })
  return value
}

/** Tell this instance and the others that an account changed (its sessions may have). */
const announceUser = async (id: string) => {
  forgetUser(id)
  await signal?.announceAccount(id)
}

/** What the API request in progress changed (`watchChanges`); absent for the Local API outside a request. */
type Changes = { content: boolean; users: Set<string>; everyone: boolean }
const requestChanges = new AsyncLocalStorage<Changes>()

export const contentChanged = () => {
  const changes = requestChanges.getStore()
  if (changes) changes.content = true
  void announceContent()
}

/**
 * An account changed: forgotten here at once; the other instances are told when the request
 * that changed it has finished (`watchChanges`, before its answer leaves), or at once outside a
 * request. One announcement per account per request, however many writes it made.
 */
export const userChanged = (userId: string | number) => {
  const id = String(userId)
  const changes = requestChanges.getStore()
  if (!changes) return void announceUser(id)
  forgetUser(id)
  changes.users.add(id)
}

/** Tell this instance and the others that any account may have changed (or a classroom or school they show). */
const announceEveryone = async () => {
  forgetEveryone()
  await signal?.announceAccount('*')
}

export const everyoneChanged = () => {
  const changes = requestChanges.getStore()
  if (!changes) return void announceEveryone()
  forgetEveryone()
  changes.everyone = true
}

/** Content changes travel by the shared version alone (`cacheIsCurrent`); the messages are about accounts, or `undefined`: anything may have changed. */
const onSignal = (message: string | undefined) => {
  if (message?.startsWith('user:')) return forgetUser(message.slice('user:'.length))
  if (message === 'users') return forgetEveryone()
  clear()
  forgetEveryone()
}

const gzip = promisify(zlib.gzip)
const brotli = promisify(zlib.brotliCompress)
const brotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } }

/** Only a plain successful JSON answer is shared; anything that sets a cookie is someone's own. */
const isShareable = (response: globalThis.Response) =>
  response.status === 200 && !response.headers.has('set-cookie') && Boolean(response.headers.get('content-type')?.includes('application/json'))

const entryOf = async (response: globalThis.Response): Promise<Entry> => {
  const body = Buffer.from(await response.arrayBuffer())
  const headers: [string, string][] = []
  response.headers.forEach((value, key) => {
    if (key !== 'content-encoding' && key !== 'content-length' && key !== 'etag' && key !== 'cache-control' && key !== 'vary') headers.push([key, value])
  })
  // One weak ETag for the three encodings of the same JSON (RFC 9110, 8.8.1: the same meaning).
  const [gz, br] = await Promise.all([gzip(body), brotli(body, brotliOptions)])
  return { status: response.status, headers, body, gzip: gz, br, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` }
}

/**
 * If-None-Match, compared as RFC 9110 says (weakly). Not Express's `req.fresh`: it also reads the
 * request's Cache-Control, and fetch() sends `no-cache` with every conditional request.
 */
const etagMatches = (header: string | undefined, etag: string) => {
  if (!header) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.trim() === '*' || header.split(',').some((tag) => opaque(tag) === opaque(etag))
}

const send = (req: IncomingMessage, res: ServerResponse, entry: Entry, signedIn: boolean) => {
  for (const [key, value] of entry.headers) res.setHeader(key, value)
  // Browsers and CDNs may cache a public answer but must ask again (a 304 is cheap) so an edit shows at once.
  res.setHeader('Cache-Control', signedIn ? 'private, no-cache' : 'public, no-cache')
  res.setHeader('Vary', 'Accept-Encoding, Authorization, Cookie')
  res.setHeader('ETag', entry.etag)
  res.setHeader('X-Public-Cache', 'hit')
  // A shared answer carries no cookie (a CDN would hand it to everyone): the CSRF cookie comes with the page and any other API answer.
  if (!signedIn) res.removeHeader('Set-Cookie')
  if (etagMatches(req.headers['if-none-match'], entry.etag)) {
    res.statusCode = 304
    return void res.end()
  }
  const encoding = chosenEncoding(req)
  const body = encoding === 'br' ? entry.br : encoding === 'gzip' ? entry.gzip : entry.body
  if (encoding === 'br' || encoding === 'gzip') res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', body.length)
  res.statusCode = entry.status
  res.end(req.method === 'HEAD' ? undefined : body)
}

/**
 * The address a GET or HEAD is cached under (cms/cache/publicCacheAddress.ts: the path as sent, a request
 * target in another form is not one), or undefined when the cache leaves it to Payload.
 */
const cachedRead = (req: IncomingMessage) => (enabled && (req.method === 'GET' || req.method === 'HEAD') ? cachedAddress(req.url ?? '') : undefined)

/** The read's address, and who asks: nobody, or a signed-in person. */
const keyOf = (address: string, signedIn: boolean) => `${signedIn ? 'member' : 'public'} ${address}`

/**
 * The user the cache resolved for the request whose answer it is making (`publicReadCache`), handed
 * to Payload for that answer, so that the entry is made for the same user it is filed under
 * (Payload's own resolution a moment later could differ: a session ending in between, a failed
 * account read). Set only around that one call to Payload.
 */
const resolvedForEntry = new AsyncLocalStorage<TypedUser>()

/** First among the Users strategies (cms/cache/index.ts); finds nobody outside the cache's own call to Payload. */
export const resolvedUserStrategy: AuthStrategy = {
  name: 'public-cache-resolved-user',
  authenticate: async () => ({ user: resolvedForEntry.getStore() ?? null }),
}

/**
 * A hit answered straight from the HTTP server, before Express: the router's trip through every
 * layer (and the prototypes it swaps on each request and response) cost more than the hit itself
 * (bench/public.ts). `before` adds the headers every answer carries. Anything but a hit that is
 * current (a miss, a stale cache, an unreadable version) is left to the app, whose middleware
 * below fills the cache: false at once, without a promise, when the request is not a cached read.
 */
export const answerFromPublicCache = (
  payload: Payload,
  req: IncomingMessage,
  res: ServerResponse,
  before: (req: IncomingMessage, res: ServerResponse) => void,
): false | Promise<boolean> => {
  const address = cachedRead(req)
  if (address === undefined) return false
  return (async () => {
    if (!(await cacheIsCurrent())) return false
    // Without a cached verdict the app's middleware asks Payload (once) and caches the verdict.
    const signedIn = cachedSignedIn(payload, req)
    const entry = signedIn === undefined ? undefined : cache.get(keyOf(address, signedIn))
    if (!entry) return false
    before(req, res)
    send(req, res, entry, signedIn as boolean)
    return true
  })()
}

/**
 * Express middleware in front of Payload's REST handler. `load` asks Payload for the answer at the
 * cached address (the same handler every other request goes through, with the request's own
 * headers, or none of its credentials for an anonymous entry).
 */
export const publicReadCache =
  (
    payload: Payload,
    load: (req: Request, address: string, anonymous: boolean) => Promise<globalThis.Response>,
    sendResponse: (req: Request, res: Response, response: globalThis.Response) => void,
  ) =>
  async (req: Request, res: Response, next: NextFunction) => {
    const address = cachedRead(req)
    if (address === undefined) return next()
    try {
      if (!(await cacheIsCurrent())) return next()
      // A cached verdict finds an entry made earlier; a new entry is made for the user Payload
      // resolves now, filed under that user's kind, and made by Payload for that same user: a
      // member's with the user handed over, an anonymous one without the request's credentials.
      const verdict = cachedSignedIn(payload, req)
      const cachedEntry = verdict === undefined ? undefined : cache.get(keyOf(address, verdict))
      if (cachedEntry) return send(req, res, cachedEntry, verdict as boolean)
      const user = await requestUserNow(payload, req)
      const signedIn = Boolean(user)
      const key = keyOf(address, signedIn)
      let entry = cache.get(key)
      if (!entry) {
        const pending = inFlight.get(key)
        // Concurrent misses of one key wait for the first; an answer that is not cached (an error, a
        // cookie) goes to the request that asked for it, and the others ask Payload themselves.
        if (pending) entry = await pending
        else {
          const started = generation
          let own: globalThis.Response | undefined
          const answer = user ? resolvedForEntry.run(user, () => load(req, address, false)) : load(req, address, true)
          const stored = answer.then((response) => {
            if (isShareable(response)) return entryOf(response)
            own = response
            return undefined
          })
          inFlight.set(key, stored)
          try {
            entry = await stored
          } finally {
            if (inFlight.get(key) === stored) inFlight.delete(key)
          }
          if (own) return sendResponse(req, res, own)
          if (entry && started === generation) cache.set(key, entry)
        }
      }
      if (!entry) return next()
      send(req, res, entry, signedIn)
    } catch (error) {
      next(error)
    }
  }

/**
 * Hooks run before their transaction commits, so a read in between (here or on another instance)
 * could cache the old state. A request that changed content says so again once Payload has
 * answered (committed by then) and before the answer leaves; a request that changed accounts says
 * so to the other instances then (once per account): the next request sees the change, on every
 * instance. Given to `payloadApiHandler`, which every API request goes through.
 */
export const watchChanges = async (work: () => Promise<globalThis.Response>) => {
  if (!enabled) return work()
  const changes: Changes = { content: false, users: new Set(), everyone: false }
  try {
    return await requestChanges.run(changes, work)
  } finally {
    // A request that failed may still have written (SQLite has no transactions here): tell everyone either way.
    // Accounts were forgotten here when they changed; the other instances learn now. (Forgetting
    // them here again would only throw away what this request read after its writes: on SQLite
    // those writes are committed at once, and on PostgreSQL the version advanced now outdates
    // anything read before the commit.)
    await Promise.all([
      ...(changes.content ? [announceContent()] : []),
      ...(changes.everyone ? [signal?.announceAccount('*')] : [...changes.users].map((id) => signal?.announceAccount(id))),
    ])
  }
}

/** Collections whose documents appear in the cached view of an account (its classroom, its school: cms/cache/accountCache.ts). */
export const accountViewCollections = new Set(['classrooms', 'schools'])

/**
 * Payload's start: every write to `users` through the database adapter forgets the account, and
 * on PostgreSQL the instances tell each other (closed with Payload, so tests and shutdown leave
 * nothing open).
 */
export const startWatching = (payload: Payload) => {
  forgetAccountsOnWrite(
    payload,
    (id) => (id === undefined ? forgetEveryone() : forgetUser(id)),
    (id) => (id === undefined ? everyoneChanged() : userChanged(id)),
  )
  if (databaseKind() !== 'postgres' || signal) return
  if (typeof payload.destroy !== 'function') {
    throw new Error(
      "payload.destroy is no longer a function: the change signal's shutdown (cms/cache/publicCache.ts) must be re-checked, see cms/cache/OVERRIDES.md",
    )
  }
  const opened = listenForChanges(databaseUrl(), onSignal, (err) => payload.logger.warn({ err }, 'Content change signal: connection problem (retrying)'))
  signal = opened
  useSharedAccountVersions((id) => opened.accountVersion(id))
  const destroy = payload.destroy.bind(payload)
  payload.destroy = async () => {
    if (signal === opened) {
      signal = undefined
      useSharedAccountVersions(undefined)
    }
    await opened.close()
    await destroy()
  }
}

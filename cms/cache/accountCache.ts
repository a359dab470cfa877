import { AsyncLocalStorage } from 'node:async_hooks'

import type { NextFunction, Request, Response } from 'express'
import { LRUCache } from 'lru-cache'
import type { AuthStrategy, Endpoint, Payload, PayloadRequest } from 'payload'

import type { AccountVersions } from './changeSignal'
import { rethrowNotingDatabaseTrouble } from '../database/databaseErrors'

/**
 * The signed-in account, cached in memory between its requests (a class that never waits).
 * Payload's JWT check reads the whole account on every signed-in request (most of the cost of a
 * cached read); a class browsing sends hundreds a second. The Users collection's token checks run
 * against a cached copy of the account as Payload's check reads it (depth 0, past access rules):
 * `servedFromCachedAccount` hands them a Payload whose `findByID` of that account answers from
 * the copy.
 *
 * A copy is forgotten whenever the account is written: every write to `users` through the
 * database adapter but a new session appended (`forgetAccountsOnWrite`; that covers Payload's own
 * direct writes too: a password reset ending all sessions, a lock), every Users hook that
 * `cms/cache/publicCache.ts` announces, and on PostgreSQL the other instances' announcements, with a
 * shared version per account checked before a copy is used. A read that started before a write
 * is not cached (`stampOf`). A token whose session the copy does not list
 * yet (a login a moment ago) is checked once more against a fresh read.
 *
 * Until the plugin is installed with `enabled` (cms/cache/index.ts), every read here is a fresh one.
 */
type Doc = Record<string, unknown>
type Views = Map<string, { value: unknown; version: string }>
let enabled = false
/** Account id → (view: how it was read → what was read, at which shared version). */
let accounts = new LRUCache<string, Views>({ max: 1 })
/**
 * When each account was last forgotten (a stamp from one counter, so a stamp never repeats), and
 * when every account was: a read is cached only if neither moved while it ran. Per account, so a
 * class logging in at once (each login writes its own account) does not discard each other's reads.
 */
let stamps = 0
let forgotten = new LRUCache<string, number>({ max: 1 })

/**
 * Turns the account cache on, holding `maxAccounts` accounts at most (the most recently active).
 * Forgetting is tracked for ten times as many, so an account evicted and read again still knows
 * whether a write overtook its read.
 */
export const enableAccountCache = (maxAccounts: number) => {
  enabled = true
  accounts = new LRUCache<string, Views>({ max: maxAccounts })
  forgotten = new LRUCache<string, number>({ max: maxAccounts * 10 })
}
let everyoneForgotten = 0
const stampOf = (id: string) => `${everyoneForgotten}:${forgotten.get(id) ?? 'never'}`

export const forgetAccount = (id: string | number) => {
  forgotten.set(String(id), ++stamps)
  accounts.delete(String(id))
}

export const forgetAllAccounts = () => {
  everyoneForgotten = ++stamps
  accounts.clear()
}

/**
 * On PostgreSQL, an account's version shared by the instances, read with every account's
 * (cms/cache/changeSignal.ts): a writer advances it before its answer leaves, so a copy cached here is used
 * only while it is current, without waiting for the NOTIFY. Undefined when it cannot be read (then
 * the account is read fresh). Not set on SQLite: one process, and every write passes
 * `forgetAccountsOnWrite`.
 */
let sharedVersions: ((id: string) => Promise<AccountVersions | undefined>) | undefined
export const useSharedAccountVersions = (read: typeof sharedVersions) => {
  sharedVersions = read
}

/**
 * The shared versions one request has read, by account: a page checks the sign-in and then builds
 * its page data from two views of the same account, and asked PostgreSQL twice. Its views now
 * agree with each other as of its first read, and a request costs one version query per account.
 * The classroom and school shown beside an account follow every account's version (`*`), which
 * each account's read brings: a page or a theme save that shows them asks nothing more.
 * (A request's own write is announced when it ends: a read after it met the same version anyway.)
 */
type RequestVersions = { accounts: Map<string, Promise<AccountVersions | undefined>>; everyone?: Promise<string | undefined> }
const versionsThisRequest = new AsyncLocalStorage<RequestVersions>()
export const oneAccountVersionPerRequest = (_req: Request, _res: Response, next: NextFunction) => versionsThisRequest.run({ accounts: new Map() }, next)

const readVersions = (read: NonNullable<typeof sharedVersions>, id: string) => {
  const request = versionsThisRequest.getStore()
  let versions = request?.accounts.get(id)
  if (!versions) {
    versions = read(id)
    request?.accounts.set(id, versions)
  }
  if (request && !request.everyone) request.everyone = versions.then((both) => both?.everyone)
  return versions
}

/** An account's version: its own and everyone's, as one string ('' on SQLite, undefined when unknown). */
const accountVersion = async (id: string): Promise<string | undefined> => {
  if (!sharedVersions) return ''
  const versions = await readVersions(sharedVersions, id)
  return versions && `${versions.account}/${versions.everyone}`
}

/** Every account's version ('' on SQLite, undefined when unknown): the one this request has read, if any. */
const everyoneVersion = async (): Promise<string | undefined> => {
  if (!sharedVersions) return ''
  return versionsThisRequest.getStore()?.everyone ?? (await readVersions(sharedVersions, '*'))?.everyone
}

/** A private copy (Payload marks the user of each request: `_sid`, `_strategy`, `collection`). */
const copy = <T>(value: T): T => structuredClone(value)

/** A copy cached under `key` while `version` is current, else read (and cached if nothing was forgotten meanwhile). */
const cachedView = async <T>(key: string, view: string, version: string | undefined, read: () => Promise<T | null>): Promise<T | null> => {
  if (!enabled || version === undefined) return read()
  const cached = accounts.get(key)?.get(view)
  if (cached && cached.version === version) return copy(cached.value as T)
  const started = stampOf(key)
  const value = await read()
  if (value !== null && started === stampOf(key)) {
    const views = accounts.get(key) ?? new Map<string, { value: unknown; version: string }>()
    views.set(view, { value: copy(value), version })
    accounts.set(key, views)
  }
  return value
}

/**
 * One view of an account (`view` names how it is read), from the cached copy or from `read`. The
 * caller must read with overrideAccess and outside any transaction: the copy is shared.
 */
export const cachedAccountView = async <T>(id: string | number, view: string, read: () => Promise<T | null>): Promise<T | null> =>
  enabled ? cachedView(String(id), view, await accountVersion(String(id)), read) : read()

/**
 * A classroom or school as accounts show it, cached beside them: a change to any classroom or school
 * forgets every account here and advances every account's shared version (cms/cache/publicCache.ts), and
 * this copy follows both. A class logging in reads its classroom once, not once for each student.
 */
export const cachedShownDocument = async <T>(collection: string, id: string | number, read: () => Promise<T | null>) =>
  enabled ? cachedView(`${collection}:${id}`, 'shown', await everyoneVersion(), read) : read()

type FindByIDOptions = Parameters<Payload['findByID']>[0]
type Field = { localized?: boolean; fields?: Field[]; tabs?: { fields: Field[] }[]; blocks?: { fields: Field[] }[] }

const hasLocalizedField = (fields: Field[]): boolean =>
  fields.some(
    (field) =>
      field.localized === true ||
      hasLocalizedField(field.fields ?? []) ||
      (field.tabs ?? []).some((tab) => hasLocalizedField(tab.fields)) ||
      (field.blocks ?? []).some((block) => hasLocalizedField(block.fields)),
  )
const languageBlind = new WeakMap<Payload, boolean>()
/** True when no field of an account is localized: then it reads the same in every language. */
const accountsReadAlikeInEveryLanguage = (payload: Payload) => {
  let blind = languageBlind.get(payload)
  if (blind === undefined) {
    blind = !hasLocalizedField(payload.collections.users.config.fields as Field[])
    languageBlind.set(payload, blind)
  }
  return blind
}

/**
 * The account as Payload's JWT check reads it, cached. Payload asks in the request's language (the
 * SPA's page asks in none, its API calls in the reader's): an account with no localized field
 * reads the same in each, so one copy serves them all, and the first page after a login finds the
 * copy the login made (`cachedAccountDocument`).
 */
const cachedAccount = (payload: Payload, options: FindByIDOptions): Promise<Doc | null> => {
  const read = accountsReadAlikeInEveryLanguage(payload) ? { ...options, locale: undefined, fallbackLocale: undefined } : options
  return cachedAccountView(
    read.id,
    `jwt|${read.depth ?? ''}|${read.locale ?? ''}|${read.fallbackLocale ?? ''}`,
    async () =>
      // Read without the request, as Payload's check in effect does: its user is not known yet, and
      // the Users read hooks must see the account as the check sees it (sessions included).
      (await payload.findByID({ ...read, req: undefined, disableErrors: true })) as Doc | null,
  )
}

/** The cached account, as Payload's JWT check reads it (at the collection's auth depth), for other views built from it. */
export const cachedAccountDocument = (payload: Payload, id: string | number): Promise<Doc | null> =>
  cachedAccount(payload, { collection: 'users', id, depth: payload.collections.users.config.auth.depth, overrideAccess: true })

/**
 * Runs `handle` with the request's reads of its own account through `findByID` (depth 0, the
 * reader's own access, no select, populate, joins or draft, outside a transaction) served from a
 * cached copy: Payload's GET /api/users/me reads the whole account again after the sign-in check read
 * it (a browsing class asks often). At depth 0 the answer depends on the account alone: its fields,
 * and the access rules, which look at the reader, who is the account. Any other read is Payload's
 * own. The request itself carries the reading `payload` while `handle` runs, not a request derived
 * from it: Node 24's `Request` keeps its headers in private fields, which an object made with
 * `Object.create(req)` cannot read.
 */
export const withCachedOwnAccount = async <T>(req: PayloadRequest, handle: (req: PayloadRequest) => Promise<T> | T): Promise<T> => {
  const { payload, user } = req
  if (!user || user.collection !== 'users') return handle(req)
  const findByID = (options: FindByIDOptions) => {
    const own =
      options.collection === 'users' &&
      String(options.id) === String(user.id) &&
      options.depth === 0 &&
      options.overrideAccess === false &&
      !options.showHiddenFields &&
      !options.draft &&
      isEmpty(options.select) &&
      isEmpty(options.populate) &&
      isEmpty(options.joins) &&
      !req.transactionID
    if (!own) return payload.findByID(options)
    const read = accountsReadAlikeInEveryLanguage(payload) ? {} : { locale: req.locale ?? '', fallbackLocale: String(req.fallbackLocale ?? '') }
    return cachedAccountView(options.id, `own|${read.locale ?? ''}|${read.fallbackLocale ?? ''}`, () => payload.findByID(options) as Promise<unknown>)
  }
  req.payload = Object.create(payload, { findByID: { value: findByID } }) as Payload
  try {
    return await handle(req)
  } finally {
    req.payload = payload
  }
}

/** Payload's own handler for GET /api/users/me (the collection's endpoints list it after the cache's). */
const payloadsOwnMe = (req: PayloadRequest) => {
  const endpoints = req.payload.collections.users.config.endpoints || []
  const own = endpoints.find((endpoint) => endpoint !== cachedMe && endpoint.path === '/me' && endpoint.method === 'get')
  if (!own)
    throw new Error(
      'Payload no longer has its own GET /users/me endpoint: the cached /me (cms/cache/accountCache.ts) must be re-checked, see cms/cache/OVERRIDES.md',
    )
  return own.handler
}

/**
 * GET /api/users/me: Payload's own answer, every parameter as Payload reads it, with its read of
 * the account served from the copy the sign-in check caches.
 */
export const cachedMe: Endpoint = {
  path: '/me',
  method: 'get',
  handler: (req) => withCachedOwnAccount(req, payloadsOwnMe(req)),
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0)

type AuthArgs = Parameters<AuthStrategy['authenticate']>[0]

/** `strategy` run with the account read from the cached copy; `fresh` skips the copy. */
const checkWith = async (strategy: AuthStrategy, args: AuthArgs, fresh: boolean) => {
  const { payload } = args
  let servedFromCopy: string | undefined
  const findByID = async (options: FindByIDOptions) => {
    if (fresh || options.collection !== 'users' || options.overrideAccess !== true) return payload.findByID(options).catch(rethrowNotingDatabaseTrouble)
    servedFromCopy = String(options.id)
    return cachedAccount(payload, options).catch(rethrowNotingDatabaseTrouble)
  }
  const reading = Object.create(payload, { findByID: { value: findByID } }) as Payload
  const result = await strategy.authenticate({ ...args, payload: reading })
  return { result, servedFromCopy }
}

/**
 * One of the Users collection's token checks (Payload's `JWTAuthentication` inside it: the
 * token's signature and version, cookie CSRF rules, a live session listed on the account), with
 * its read of the account served from the cached copy.
 */
export const servedFromCachedAccount = (strategy: AuthStrategy): AuthStrategy => ({
  name: strategy.name,
  authenticate: async (args) => {
    const { result, servedFromCopy } = await checkWith(strategy, args, false)
    if (result.user || !servedFromCopy) return result
    // Refused against the copy: perhaps a session added since it was read. Decide on a fresh read.
    forgetAccount(servedFromCopy)
    return (await checkWith(strategy, args, true)).result
  },
})

type WriteArgs = { collection?: string; id?: number | string; where?: unknown; data?: unknown }

/** The database adapter's writers that can change an account (cms/cache/OVERRIDES.md). */
export const accountWriters = ['updateOne', 'updateMany', 'deleteOne', 'deleteMany', 'upsert'] as const

/**
 * Every write to `users` through the adapter forgets the account's copy: Payload writes some
 * account changes straight through it, without hooks. `forget` runs here before the write;
 * `announce` after it, to this instance and the others (undefined: every account). An adapter
 * without one of these writers stops the start: a write the cache would not see would leave
 * signed-in accounts stale (a password reset that does not end the old sessions).
 */
export const forgetAccountsOnWrite = (
  payload: Payload,
  forget: (id: string | number | undefined) => void,
  announce: (id: string | number | undefined) => void,
) => {
  const db = payload.db as unknown as Record<string, unknown>
  for (const method of accountWriters) {
    const original = db[method]
    if (typeof original !== 'function') {
      throw new Error(
        `payload.db.${method} is no longer a function on the ${payload.db.name} adapter: the account cache's write wrapper (cms/cache/accountCache.ts) must be re-checked, see cms/cache/OVERRIDES.md`,
      )
    }
    db[method] = async function (this: unknown, args: WriteArgs, ...rest: unknown[]) {
      const isUsers = args?.collection === 'users' && !appendsSessionOnly(args.data)
      const before = isUsers ? (args.id ?? idOf(args.where)) : undefined
      if (isUsers) forget(before)
      try {
        return await (original as (...a: unknown[]) => Promise<unknown>).call(this, args, ...rest)
      } finally {
        // Again once written: a read between the first forget and the write could have cached the old account.
        if (isUsers) announce(before)
      }
    }
  }
}

/**
 * A login's new session appended to the account and nothing else (patches/payload: one row). No
 * cached copy is wrong after it: a token naming a session that a copy lacks is checked again against
 * a fresh read (`servedFromCachedAccount`). Announcing it cost every login a version write and a
 * NOTIFY, and every instance a forgotten copy, in the minute a whole class logs in.
 */
const appendsSessionOnly = (data: unknown) => {
  if (!data || typeof data !== 'object') return false
  const { sessions, ...rest } = data as { sessions?: unknown; updatedAt?: unknown }
  const pushes = typeof sessions === 'object' && sessions !== null && '$push' in sessions && Object.keys(sessions).length === 1
  return pushes && Object.keys(rest).every((key) => key === 'updatedAt')
}

/** The id a `where` names (`{ id: { equals } }`), else undefined (then every copy is forgotten). */
const idOf = (where: unknown): string | number | undefined => {
  const equals = (where as { id?: { equals?: unknown } } | undefined)?.id?.equals
  return typeof equals === 'string' || typeof equals === 'number' ? equals : undefined
}

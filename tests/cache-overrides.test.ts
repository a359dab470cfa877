import { type Payload, JWTAuthentication } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { type FindByIDArgs, recordingAccountReads } from './helpers/accountReads'
import { Actors } from './helpers/actors'
import { startServer, type TestServer } from './helpers/server'

/**
 * The runtime overrides the cache plugin keeps (cms/cache/OVERRIDES.md), each against the Payload
 * internal it assumes. A Payload upgrade that moves one fails here, naming what to re-check,
 * rather than leaving a cache that silently serves stale accounts or nothing at all.
 */
let server: TestServer
let actors: Actors
const adapter = process.env.TEST_POSTGRES_URL ? 'PostgreSQL' : 'SQLite'
const see = 'must be re-checked, see cms/cache/OVERRIDES.md'

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_FACTOR: '100' } })
  actors = new Actors(server.payload, server.base)
})
afterAll(() => server?.close())

describe("the cache plugin's overrides still hold against Payload", () => {
  it('the database adapter still has every writer the account cache wraps, and Payload writes an account through updateOne', async () => {
    const db = server.payload.db as unknown as Record<string, unknown>
    for (const method of ['updateOne', 'updateMany', 'deleteOne', 'deleteMany', 'upsert']) {
      expect(
        typeof db[method],
        `payload.db.${method} is no longer a function on the ${adapter} adapter: the account cache's write wrapper (cms/cache/accountCache.ts forgetAccountsOnWrite) ${see}`,
      ).toBe('function')
    }
    const teacher = await actors.educator()
    const writes: unknown[] = []
    const updateOne = db.updateOne as (...args: unknown[]) => Promise<unknown>
    db.updateOne = function (this: unknown, ...args: unknown[]) {
      writes.push(args[0])
      return updateOne.apply(this, args)
    }
    try {
      await server.payload.update({ collection: 'users', id: teacher.user.id, data: { theme: 'civics' } as never, overrideAccess: true })
    } finally {
      db.updateOne = updateOne
    }
    expect(
      writes.some(
        (args) => (args as { collection?: string; id?: unknown }).collection === 'users' && String((args as { id?: unknown }).id) === String(teacher.user.id),
      ),
      `Payload no longer writes an account through payload.db.updateOne({ collection: 'users', id }) on the ${adapter} adapter: the account cache's write wrapper (cms/cache/accountCache.ts forgetAccountsOnWrite) ${see}`,
    ).toBe(true)
  })

  it("Payload's JWT check reads the account through payload.findByID, past access rules", async () => {
    const teacher = await actors.educator()
    const reads: FindByIDArgs[] = []
    const shadow = Object.create(server.payload, {
      findByID: {
        value: (options: FindByIDArgs) => {
          reads.push(options)
          return server.payload.findByID(options)
        },
      },
    }) as Payload
    const { user } = await JWTAuthentication({
      headers: new Headers({ authorization: `Bearer ${teacher.token}` }),
      payload: shadow,
      strategyName: 'local-jwt',
      isGraphQL: false,
      canSetHeaders: false,
    })
    expect(user?.id, "Payload's JWTAuthentication no longer accepts a valid session token as the product calls it").toBe(teacher.user.id)
    expect(
      reads.some((read) => read.collection === 'users' && String(read.id) === String(teacher.user.id) && read.overrideAccess === true),
      `Payload's JWTAuthentication no longer reads the account through payload.findByID({ collection: 'users', overrideAccess: true }): the account cache's findByID shadow (cms/cache/accountCache.ts servedFromCachedAccount) ${see}`,
    ).toBe(true)
  })

  it("a signed-in GET /api/users/me, once cached, reads the account neither for the token check nor for Payload's own answer", async () => {
    const teacher = await actors.educator()
    await teacher.get('/api/users/me')
    await teacher.get('/api/users/me')
    let answer: { status: number; body: { user?: { id?: unknown } | null } } | undefined
    const reads = await recordingAccountReads(server.payload, async () => {
      answer = await teacher.get('/api/users/me')
    })
    expect(answer?.status).toBe(200)
    expect(answer?.body.user?.id).toBe(teacher.user.id)
    expect(
      reads.filter((read) => read.overrideAccess === true),
      `The token check read the account again, so Payload's JWT check no longer reads it through the payload it is given: the account cache's findByID shadow (cms/cache/accountCache.ts servedFromCachedAccount) ${see}`,
    ).toEqual([])
    expect(
      reads.filter((read) => read.overrideAccess !== true),
      `Payload's GET /users/me read the account again, so it no longer reads it through req.payload.findByID at depth 0 with overrideAccess false, or the cached /me no longer comes first: the cached /me (cms/cache/accountCache.ts cachedMe, withCachedOwnAccount) ${see}`,
    ).toEqual([])
  })

  it('Payload still has a destroy method, through which the change signal is closed with Payload', () => {
    expect(
      typeof server.payload.destroy,
      `payload.destroy is no longer a function: the change signal's shutdown (cms/cache/publicCache.ts startWatching) ${see}`,
    ).toBe('function')
  })
})

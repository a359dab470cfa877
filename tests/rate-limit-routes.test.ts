import type { Options } from 'express-rate-limit'
import { describe, expect, it } from 'vitest'

import { rateLimitStore } from '@cms/http/rateLimitStore'

import { Client } from './helpers/client'
import { serverForFile } from './helpers/fileServer'

/**
 * A limit holds on every route to the same action. With RATE_LIMIT_FACTOR 0.05:
 * 1 login per address and account, 1 mail per address, 15 classroom-code lookups per address.
 */

const { server, actors } = serverForFile({ env: { RATE_LIMIT_FACTOR: '0.05' } })

describe('rate limits have no side routes', () => {
  it("after /api/login answers 429 for an account, Payload's /api/users/login checks no password for it either", async () => {
    const { payload } = server
    const email = 'limited@example.org'
    await payload.create({ collection: 'users', data: { email, password: 'right-password-1', emailVerified: true } as never, overrideAccess: true })
    const client = new Client(server.base)
    expect((await client.post('/api/login', { username: email, password: 'wrong-password-1' })).status).toBe(401)
    expect((await client.post('/api/login', { username: email, password: 'wrong-password-2' })).status).toBe(429)
    const sideDoor = await client.post('/api/users/login', { username: email, password: 'right-password-1' })
    expect(sideDoor.status).toBe(429)
    expect(sideDoor.headers.getSetCookie().some((c) => c.startsWith('payload-token='))).toBe(false)
  })

  it('after one password-reset mail, forgot-password and the confirmation resend are limited too', async () => {
    const client = new Client(server.base)
    expect((await client.post('/api/password/request', { username: 'someone@example.org' })).status).toBe(200)
    expect((await client.post('/api/users/forgot-password', { email: 'someone@example.org' })).status).toBe(429)
    expect((await client.post('/api/password/request', { username: 'someone@example.org' })).status).toBe(429)
    const teacher = await actors.educator()
    expect((await teacher.post('/api/email/confirm/resend')).status).toBe(429)
  })

  it('a POST with the method-override header counts as the GET it stands for', async () => {
    const client = new Client(server.base)
    const statuses: number[] = []
    for (let i = 0; i < 16; i++) {
      const res = await client.request('POST', '/api/classrooms/code/NOPE-1', undefined, { headers: { 'X-Payload-HTTP-Method-Override': 'GET' } })
      statuses.push(res.status)
    }
    expect(statuses.slice(0, 15).every((status) => status !== 429)).toBe(true)
    expect(statuses[15]).toBe(429)
    expect((await client.get('/api/classrooms/code/NOPE-1')).status).toBe(429)
  })
})

describe('counting', () => {
  it('gives each of the hits counted together its own count, in the order they came', async () => {
    // On PostgreSQL, hits in the same turn of the event loop share one statement (cms/http/rateLimitStore.ts).
    // On SQLite there is one process, and its counters are express-rate-limit's, in memory.
    const store = rateLimitStore('test-burst')
    expect(store !== undefined).toBe(Boolean(process.env.TEST_POSTGRES_URL))
    if (!store) return
    store.init?.({ windowMs: 60_000 } as Options)
    const counts = await Promise.all(Array.from({ length: 40 }, () => store.increment('someone')))
    expect(counts.map((count) => count.totalHits)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1))
    expect((await store.increment('someone else')).totalHits).toBe(1)
    // A key PostgreSQL cannot store as it is (a NUL, or too long) is counted by its digest, and fails no one counted with it.
    const unusual = await Promise.all(['a\u0000b', 'x'.repeat(300), 'a third'].map((key) => store.increment(key)))
    expect(unusual.map((count) => count.totalHits)).toEqual([1, 1, 1])
    expect((await store.increment('a\u0000b')).totalHits).toBe(2)
  })

  it('counts every request of a burst sent at once: exactly the limit get through', async () => {
    // Username suggestions: 30 per address in this file. Counted together on PostgreSQL (cms/http/rateLimitStore.ts).
    const statuses = await Promise.all(Array.from({ length: 40 }, () => new Client(server.base).get('/api/users/username').then((res) => res.status)))
    expect(statuses.filter((status) => status === 429)).toHaveLength(10)
    expect(statuses.filter((status) => status === 200)).toHaveLength(30)
  })

  it('counts a login whose username is longer than any, or holds a NUL (keys a counter row cannot hold), like any other', async () => {
    const client = new Client(server.base)
    // A username with a NUL is bad input on every database (cms/http/badInput/guard.ts), yet counted.
    for (const [username, refusal] of [
      ['x'.repeat(400), 401],
      ['nul\u0000name', 400],
    ] as const) {
      expect((await client.post('/api/login', { username, password: 'wrong-password-1' })).status).toBe(refusal)
      expect((await client.post('/api/login', { username, password: 'wrong-password-1' })).status).toBe(429)
    }
  })
})

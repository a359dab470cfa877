import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Actors } from './helpers/actors'
import { Client } from './helpers/client'
import { startServer, type TestServer } from './helpers/server'

/**
 * Issue 8, item 6: a limit holds on every door to the same action. With RATE_LIMIT_FACTOR 0.05:
 * 1 login per address and account, 1 mail per address, 15 classroom-code lookups per address.
 */
let server: TestServer
let actors: Actors

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_FACTOR: '0.05' } })
  actors = new Actors(server.payload, server.base)
})
afterAll(() => server?.close())

describe('rate limits have no side doors', () => {
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Actors } from './helpers/actors'
import { startServer, type TestServer } from './helpers/server'

// The config is built once per process, so a https PUBLIC_URL needs a server of its own.
let server: TestServer
let actors: Actors

beforeAll(async () => {
  server = await startServer({ env: { PUBLIC_URL: 'https://civics.example', COOKIE_SECURE: 'false' } })
  actors = new Actors(server.payload, server.base)
})
afterAll(() => server?.close())

describe('session cookie behind HTTPS', () => {
  it('is Secure when PUBLIC_URL is https, even with COOKIE_SECURE=false', async () => {
    const teacher = await actors.educator()
    const res = await teacher.post('/api/login', { username: teacher.user.email, password: 'correct-horse-42' })
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('payload-token='))
    expect(cookie).toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/HttpOnly/i)
  })
})

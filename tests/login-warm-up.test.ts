import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { warmLoginPath } from '../cms/warmLoginPath'
import { Actors, password } from './helpers/actors'
import { Client } from './helpers/client'
import { startServer, type TestServer } from './helpers/server'

/**
 * Issue 12: the serving process runs refused logins before it reports ready (cms/server.ts), so the
 * first class after a start meets a warm login path. Warming must leave no trace: no account,
 * session, failed-attempt count or lock comes of it, and logins work as before.
 */

let server: TestServer
let actors: Actors

beforeAll(async () => {
  server = await startServer()
  actors = new Actors(server.payload, server.base)
})
afterAll(async () => {
  await server?.close()
})

/** Every account as stored, past Payload's field rules: counters, locks and sessions included. */
const accounts = async () =>
  (await server.payload.db.find({ collection: 'users', pagination: false, sort: 'id' })).docs.map((row) => {
    const { id, username, email, loginAttempts, lockUntil, sessions, updatedAt } = row as Record<string, unknown>
    return { id, username, email, loginAttempts, lockUntil, sessions, updatedAt }
  })

describe('warming the login path at start', () => {
  it('writes nothing: no account, session, failed attempt or lock, and logins work after it', async () => {
    const teacher = await actors.educator()
    const student = await actors.student((await actors.classroom(teacher)).id)
    const username = student.user.username as string
    const before = await accounts()
    expect(before.length).toBeGreaterThan(1)

    await warmLoginPath(server.payload, 60)

    expect(await accounts()).toEqual(before)
    const login = await new Client(server.base).post('/api/login', { username, password })
    expect(login.status).toBe(200)
  })
})

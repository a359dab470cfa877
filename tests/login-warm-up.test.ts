import { describe, expect, it } from 'vitest'

import { warmLoginPath } from '@cms/startup/warmLoginPath'
import { password } from './helpers/actors'
import { Client } from './helpers/client'
import { serverForFile } from './helpers/fileServer'

/**
 * The serving process runs refused logins and the reads a successful login adds before it
 * reports ready (cms/startup/server.ts), so the first class after a start meets a warm login path. Warming
 * must leave no trace: no account, session, failed-attempt count or lock comes of it, and logins
 * work as before. On PostgreSQL every pooled connection has then parsed the account statements a
 * login runs.
 */

const { server, actors } = serverForFile()

/** Every account as stored, past Payload's field rules: counters, locks and sessions included. */
const accounts = async () =>
  (await server.payload.db.find({ collection: 'users', pagination: false, sort: 'id' })).docs.map((row) => {
    const { id, username, email, loginAttempts, lockUntil, sessions, updatedAt } = row as Record<string, unknown>
    return { id, username, email, loginAttempts, lockUntil, sessions, updatedAt }
  })

describe('warming the login path at start', () => {
  it('leaves a class to log in at once; on PostgreSQL every connection has parsed the account statements its logins run', async () => {
    const classroom = await actors.classroom(await actors.educator())
    const students = await Promise.all(Array.from({ length: 12 }, () => actors.student(classroom.id)))
    type PooledClient = { connection: { parsedStatements: Record<string, string> } }
    const clients = (server.payload.db as unknown as { pool?: { _clients: PooledClient[] } }).pool?._clients ?? []
    expect(clients.length > 0).toBe(Boolean(process.env.TEST_POSTGRES_URL))
    const accountStatements = (client: PooledClient) =>
      Object.entries(client.connection.parsedStatements).flatMap(([name, text]) => (text.includes('from "users"') ? [name] : []))

    await warmLoginPath(server.payload, 60)
    const warmed = new Map(clients.map((client) => [client, new Set(accountStatements(client))]))

    // More logins at once than the pool has connections: each connection runs some.
    const logins = await Promise.all(students.map(({ user }) => new Client(server.base).post('/api/login', { username: user.username, password })))
    expect(logins.map((login) => login.status)).toEqual(students.map(() => 200))
    const parsedDuringLogins = clients.flatMap((client) => accountStatements(client).filter((name) => !warmed.get(client)?.has(name)))
    expect(parsedDuringLogins).toEqual([])
  })

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

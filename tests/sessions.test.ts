import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalReq } from 'payload'

import { endOldestSessions, maxSessionsPerUser } from '../collections/Users/hooks/limitSessions'
import { Actors } from './helpers/actors'
import { Client } from './helpers/client'
import { startServer, type TestServer } from './helpers/server'

let server: TestServer
let actors: Actors

beforeAll(async () => {
  server = await startServer({ env: { RATE_LIMIT_FACTOR: '20' } })
  actors = new Actors(server.payload, server.base)
})
afterAll(() => server?.close())

type Session = { id: string; createdAt?: string | Date; expiresAt: string | Date }
const sessionsOf = async (id: number | string) =>
  ((await server.payload.findByID({ collection: 'users', id, depth: 0, overrideAccess: true })) as { sessions?: Session[] }).sessions ?? []

/** Whether the server still accepts this token (`/api/users/me` answers the user). */
const accepted = async (token: string) => {
  const client = new Client(server.base)
  Object.assign(client, { bearer: true, token })
  return Boolean((await client.get('/api/users/me')).body?.user)
}

describe('sessions per account', () => {
  it(`keeps the newest ${maxSessionsPerUser} sessions: the oldest logins end first`, async () => {
    const first = await actors.educator()
    const email = first.user.email as string
    const tokens = [first.token as string]
    for (let i = 0; i < maxSessionsPerUser + 2; i++) tokens.push((await actors.login(email)).token as string)

    expect(await sessionsOf(first.user.id)).toHaveLength(maxSessionsPerUser)
    const ended = tokens.slice(0, tokens.length - maxSessionsPerUser)
    const live = tokens.slice(-maxSessionsPerUser)
    for (const token of ended) expect(await accepted(token)).toBe(false)
    for (const token of live) expect(await accepted(token)).toBe(true)
  })

  it('drops expired sessions at the next login', async () => {
    const client = await actors.educator()
    const past = new Date(Date.now() - 60_000)
    const current = await sessionsOf(client.user.id)
    await server.payload.db.updateOne({
      collection: 'users',
      id: client.user.id,
      data: { sessions: [...current, { id: 'expired-session', createdAt: new Date(Date.now() - 8 * 86_400_000), expiresAt: past }] },
      returning: false,
    })
    expect((await sessionsOf(client.user.id)).map((s) => s.id)).toContain('expired-session')
    await actors.login(client.user.email)
    const after = await sessionsOf(client.user.id)
    expect(after.map((s) => s.id)).not.toContain('expired-session')
    expect(after).toHaveLength(2)
  })

  it('applies the same bound to sessions opened by social sign-in', async () => {
    const client = await actors.educator()
    const { issueSession } = await import('../cms/session')
    const tokens: string[] = []
    for (let i = 0; i < maxSessionsPerUser + 1; i++) tokens.push((await issueSession(server.payload, client.user.id)).token)
    expect(await sessionsOf(client.user.id)).toHaveLength(maxSessionsPerUser)
    expect(await accepted(client.token as string)).toBe(false)
    expect(await accepted(tokens[tokens.length - 1])).toBe(true)
  })

  it('keeps the linked social accounts when the oldest sessions end, by password login and by social sign-in', async () => {
    const client = await actors.educator()
    const identities = [{ provider: 'google', subject: `google-${client.user.id}`, email: client.user.email }]
    await server.payload.update({ collection: 'users', id: client.user.id, data: { identities } as never, overrideAccess: true })
    const identitiesOf = async () =>
      ((await server.payload.findByID({ collection: 'users', id: client.user.id, depth: 0, overrideAccess: true })) as { identities?: unknown[] }).identities
    for (let i = 0; i < maxSessionsPerUser + 1; i++) await actors.login(client.user.email)
    expect(await identitiesOf()).toMatchObject(identities)
    const { issueSession } = await import('../cms/session')
    await issueSession(server.payload, client.user.id)
    expect(await sessionsOf(client.user.id)).toHaveLength(maxSessionsPerUser)
    expect(await identitiesOf()).toMatchObject(identities)
    // A caller whose copy of the account does not carry the identities: they are read, not emptied.
    // Its two oldest sessions come last: the stored order does not tell age (a login appends its
    // session with the order restarting at 1), so the oldest by `createdAt` end.
    const sessions = await sessionsOf(client.user.id)
    const older = [1, 2].map((hours) => ({ ...sessions[0], id: `older-${hours}`, createdAt: new Date(Date.now() - hours * 3_600_000).toISOString() }))
    await endOldestSessions(server.payload, await createLocalReq({}, server.payload), { id: client.user.id, sessions: [...sessions, ...older] })
    expect((await sessionsOf(client.user.id)).map((session) => session.id).sort()).toEqual(sessions.map((session) => session.id).sort())
    expect(await identitiesOf()).toMatchObject(identities)
  })
})

import { describe, expect, it } from 'vitest'
import { createLocalReq } from 'payload'

import { endOldestSessions, maxSessionsPerUser, writeSessions } from '../collections/Users/hooks/limitSessions'
import { sessionLengths } from '../collections/Users/sessionLength'
import { Client } from './helpers/client'
import { serverForFile } from './helpers/fileServer'

const { server, actors } = serverForFile({ env: { RATE_LIMIT_FACTOR: '20' } })

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
    const { issueSession } = await import('@cms/auth/session')
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
    const { issueSession } = await import('@cms/auth/session')
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

describe('session lengths', () => {
  const hour = 3_600_000
  const day = 24 * hour
  const sidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sid as string
  /** Moves one session's clock: when it began and when it is due to end, as stored on the account. */
  const setSession = async (userId: number | string, token: string, times: { createdAt: number; expiresAt: number }) => {
    const sid = sidOf(token)
    const sessions = (await sessionsOf(userId)).map((session) =>
      session.id === sid ? { ...session, createdAt: new Date(times.createdAt).toISOString(), expiresAt: new Date(times.expiresAt).toISOString() } : session,
    )
    await writeSessions(server.payload, await createLocalReq({}, server.payload), { id: userId }, sessions)
  }
  const sessionOf = async (userId: number | string, token: string) => (await sessionsOf(userId)).find((session) => session.id === sidOf(token))

  it("a student's session lasts a school day from login, however active, and then ends on the server", async () => {
    const teacher = await actors.educator()
    const student = await actors.student((await actors.classroom(teacher)).id)
    const token = student.token as string
    await setSession(student.user.id, token, { createdAt: Date.now() - (sessionLengths.student - 5 * 60_000), expiresAt: Date.now() + 6 * day })
    expect(await accepted(token)).toBe(true)
    // The cookie the SPA holds, not only the bearer token.
    expect((await student.get('/api/users/me')).body.user?.id).toBe(student.user.id)
    await setSession(student.user.id, token, { createdAt: Date.now() - (sessionLengths.student + 60_000), expiresAt: Date.now() + 6 * day })
    expect((await student.get('/api/users/me')).body.user).toBeNull()
    expect(await accepted(token)).toBe(false)
    // Ended on the server: the session is gone from the account, so no other check accepts it either.
    expect(await sessionOf(student.user.id, token)).toBeUndefined()
    // Logging in again opens a new school day.
    const again = await actors.login(student.user.username as string)
    expect(await accepted(again.token as string)).toBe(true)
  })

  it("a teacher's session ends after two idle days, and a request moves that deadline forward", async () => {
    const teacher = await actors.educator()
    const token = teacher.token as string
    // A fresh login is given the idle window, not the token's week.
    expect(await accepted(token)).toBe(true)
    const fresh = await sessionOf(teacher.user.id, token)
    expect(Math.abs(new Date(fresh!.expiresAt).getTime() - (Date.now() + sessionLengths.staffIdle))).toBeLessThan(5 * 60_000)

    // Three days in, last seen almost two days ago: still on, and this request counts as activity.
    await setSession(teacher.user.id, token, { createdAt: Date.now() - 3 * day, expiresAt: Date.now() + hour })
    expect(await accepted(token)).toBe(true)
    const moved = await sessionOf(teacher.user.id, token)
    expect(Math.abs(new Date(moved!.expiresAt).getTime() - (Date.now() + sessionLengths.staffIdle))).toBeLessThan(5 * 60_000)

    // Two days without a request: over.
    await setSession(teacher.user.id, token, { createdAt: Date.now() - 3 * day, expiresAt: Date.now() - 60_000 })
    expect(await accepted(token)).toBe(false)
    expect(await sessionOf(teacher.user.id, token)).toBeUndefined()
  })

  it('a staff session ends a week after login however active, the idle deadline never passing it', async () => {
    const editor = await actors.staff('topics:write')
    const token = editor.token as string
    await setSession(editor.user.id, token, { createdAt: Date.now() - 6 * day - 23 * hour, expiresAt: Date.now() + sessionLengths.staffIdle })
    expect(await accepted(token)).toBe(true)
    // Activity now does not carry it past the week.
    expect(new Date((await sessionOf(editor.user.id, token))!.expiresAt).getTime()).toBeLessThanOrEqual(Date.now() + hour)
    await setSession(editor.user.id, token, { createdAt: Date.now() - sessionLengths.staff - 60_000, expiresAt: Date.now() + day })
    expect(await accepted(token)).toBe(false)
  })

  it('holds for every way in: signup, password reset and social sign-in open sessions that end the same way', async () => {
    const tokens: { userId: number | string; token: string }[] = []
    const signup = new Client(server.base)
    const email = `len${Date.now()}@example.org`
    const created = await signup.post('/api/signup', { providers: [{ provider: 'local', username: email, password: 'correct-horse-42' }] })
    expect(created.status).toBe(201)
    tokens.push({ userId: created.body.user.id, token: created.body.token })

    const resetting = await actors.educator()
    const resetToken = await server.payload.forgotPassword({ collection: 'users', data: { email: resetting.user.email }, disableEmail: true })
    const reset = await new Client(server.base).post('/api/password/reset', { token: resetToken, password: 'another-horse-43' })
    expect(reset.status).toBe(200)
    tokens.push({ userId: resetting.user.id, token: reset.body.token })

    const social = await actors.educator()
    const { issueSession } = await import('@cms/auth/session')
    tokens.push({ userId: social.user.id, token: (await issueSession(server.payload, social.user.id)).token })

    for (const { userId, token } of tokens) {
      expect(await accepted(token)).toBe(true)
      await setSession(userId, token, { createdAt: Date.now() - sessionLengths.staff - 60_000, expiresAt: Date.now() + day })
      expect(await accepted(token)).toBe(false)
    }
  })
})

import { describe, expect, it } from 'vitest'

import { password } from './helpers/actors'
import { Client, fieldMessages, message } from './helpers/client'
import { serverForFile } from './helpers/fileServer'

const { server, actors } = serverForFile()

describe('educator signup, login and logout', () => {
  it('signs up an educator, sets the session cookie and answers the user with preferences', async () => {
    const client = new Client(server.base)
    const res = await client.post('/api/signup', { providers: [{ provider: 'local', username: 'New.Teacher@Example.org', password }] })
    expect(res.status).toBe(201)
    expect(res.body.user).toMatchObject({
      email: 'new.teacher@example.org',
      mode: 'day',
      size: false,
      theme: 'civics',
      providers: [{ provider: 'local', username: 'new.teacher@example.org' }],
    })
    expect(res.body.user.attributes.type ?? null).toBeNull()
    expect(res.body.token).toEqual(expect.any(String))
    expect(res.headers.get('set-cookie')).toMatch(/payload-token=.+HttpOnly/i)
    expect(res.body.user).not.toHaveProperty('sessions')
    const me = await client.get('/api/users/me')
    expect(me.body.user.email).toBe('new.teacher@example.org')
    expect(me.body.user.sessions).toBeUndefined()
  })

  it('refuses a second account with the same email with 409', async () => {
    const client = new Client(server.base)
    const body = { providers: [{ provider: 'local', username: 'dup@example.org', password }] }
    expect((await client.post('/api/signup', body)).status).toBe(201)
    const again = await new Client(server.base).post('/api/signup', body)
    expect(again.status).toBe(409)
    expect(message(again)).toBe('An account with this email already exists.')
  })

  it('answers the spec messages for a missing email and password', async () => {
    const res = await new Client(server.base).post('/api/signup', { providers: [{ provider: 'local' }] })
    expect(res.status).toBe(400)
    expect(fieldMessages(res)).toMatchObject({ email: 'Email is required.', password: 'Password is required.' })
  })

  it('logs in by email, reports bad credentials with 401 and logs out', async () => {
    const teacher = await actors.educator()
    const email = teacher.user.email
    const wrong = await new Client(server.base).post('/api/login', { username: email, password: 'nope-nope-nope' })
    expect(wrong.status).toBe(401)
    expect(message(wrong)).toBe('The username/email or password provided is incorrect.')
    const client = await actors.login(email)
    expect((await client.get('/api/users/me')).body.user.email).toBe(email)
    const out = await client.get('/api/logout')
    expect(out.status).toBe(200)
    expect((await client.get('/api/users/me')).body.user).toBeNull()
  })

  it("answers a login with the account as stored: its classroom's name and code, and when it last changed", async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)
    const stored = await server.payload.findByID({ collection: 'users', id: student.user.id, depth: 0, overrideAccess: true })
    expect(student.user).toMatchObject({
      username: stored.username,
      attributes: { type: 'student', classroom: { id: classroom.id, name: classroom.name, code: classroom.code } },
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
    })
    expect(student.user.updatedAt).toEqual(expect.any(String))
    expect(student.user).not.toHaveProperty('sessions')
  })

  it('revokes the session on logout, so the old token no longer works', async () => {
    const teacher = await actors.educator()
    const token = teacher.token as string
    await teacher.get('/api/logout')
    const res = await fetch(`${server.base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })
    expect((await res.json()).user).toBeNull()
  })

  it('locks an account after five failed logins with 429', async () => {
    const teacher = await actors.educator()
    const email = teacher.user.email
    const client = new Client(server.base)
    for (let i = 0; i < 5; i++) await client.post('/api/login', { username: email, password: 'wrong-password' })
    const locked = await client.post('/api/login', { username: email, password })
    expect(locked.status).toBe(429)
    expect(message(locked)).toMatch(/locked/)
  })

  it('answers 400, not 500, for malformed JSON, wrong types and unknown fields', async () => {
    const client = new Client(server.base)
    const malformed = await client.request('POST', '/api/login', undefined, { headers: { 'content-type': 'application/json' }, raw: '{"username":' })
    expect(malformed.status).toBe(400)
    expect(message(malformed)).toBe('The request body is not valid JSON.')
    const wrongType = await client.post('/api/login', { username: 12, password: ['x'] })
    expect(wrongType.status).toBe(400)
    const unknown = await client.post('/api/signup', { providers: [{ provider: 'local', username: 'x@example.org', password }], admin: true })
    expect(unknown.status).toBe(400)
    expect(message(unknown)).toBe('Unknown field: admin.')
    const notObject = await client.post('/api/signup', [1, 2])
    expect(notObject.status).toBe(400)
  })

  it('refuses a body over the size limit with 413', async () => {
    const res = await new Client(server.base).post('/api/signup', {
      providers: [{ provider: 'local', username: 'big@example.org', password: 'x'.repeat(600 * 1024) }],
    })
    expect(res.status).toBe(413)
  })
})

describe('CSRF', () => {
  it('refuses a cookie-authenticated write without the token from another origin, and accepts it with the token', async () => {
    const teacher = await actors.educator()
    const cookie = `payload-token=${teacher.cookies.get('payload-token')}`
    const forged = await fetch(`${server.base}/api/users/${teacher.user.id}/theme`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ mode: 'night' }),
    })
    expect(forged.status).toBe(403)
    expect((await forged.json()).errors[0].message).toMatch(/CSRF/)
    const ok = await teacher.put(`/api/users/${teacher.user.id}/theme`, { mode: 'night' })
    expect(ok.status).toBe(200)
  })
})

describe('password reset input (the email flow is in email.test.ts)', () => {
  it('answers the spec messages for missing fields', async () => {
    const res = await new Client(server.base).post('/api/password/reset', {})
    expect(fieldMessages(res)).toMatchObject({ token: 'Password reset token is required.', password: 'Password is required.' })
    const req = await new Client(server.base).post('/api/password/request', {})
    expect(fieldMessages(req)).toMatchObject({ username: 'Email is required.' })
  })
})

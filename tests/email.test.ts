import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Actors } from './helpers/actors'
import { Client } from './helpers/client'
import { startServer, type TestServer } from './helpers/server'
import { decodeQuotedPrintable, startSmtp } from './helpers/smtp'

let smtp: Awaited<ReturnType<typeof startSmtp>>
let server: TestServer
let actors: Actors

beforeAll(async () => {
  smtp = await startSmtp()
  server = await startServer({
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port), SMTP_SECURE: 'false', SMTP_IGNORE_TLS: 'true', PUBLIC_URL: 'http://civics.test' },
  })
  actors = new Actors(server.payload, server.base)
})
afterAll(async () => {
  await server?.close()
  await smtp?.close()
})

describe('password reset by email (real SMTP on loopback)', () => {
  it('sends a link to PUBLIC_URL/reset?token=, and the reset logs the user in once', async () => {
    const teacher = await actors.educator()
    const email = teacher.user.email as string
    const client = new Client(server.base)
    const res = await client.post('/api/password/request', { username: email })
    expect(res.status).toBe(200)
    const mail = await smtp.waitFor(email)
    expect(mail.raw).toMatch(/Subject: Reset your Civics360 password/)
    const text = decodeQuotedPrintable(mail.raw)
    const token = /http:\/\/civics\.test\/reset\?token=([A-Za-z0-9%]+)/.exec(text)?.[1]
    expect(token).toBeTruthy()

    const reset = await client.post('/api/password/reset', { token: decodeURIComponent(token!), password: 'brand-new-pass-1' })
    expect(reset.status).toBe(200)
    expect(reset.body.message).toBe('Password reset. You have been logged in.')
    expect(reset.headers.get('set-cookie')).toMatch(/payload-token=/)
    expect((await client.get('/api/users/me')).body.user.email).toBe(email)
    expect((await new Client(server.base).post('/api/login', { username: email, password: 'brand-new-pass-1' })).status).toBe(200)
    const reused = await new Client(server.base).post('/api/password/reset', { token: decodeURIComponent(token!), password: 'another-pass-2' })
    expect(reused.status).toBe(400)
    expect(reused.body.errors[0].message).toBe('This password reset link is invalid or has expired. Please request a new one.')
  })

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = smtp.mails.length
    const known = await new Client(server.base).post('/api/password/request', { username: 'nobody-here@example.org' })
    expect(known.status).toBe(200)
    await new Promise((r) => setTimeout(r, 300))
    expect(smtp.mails.length).toBe(before)
  })
})

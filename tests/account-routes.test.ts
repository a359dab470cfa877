import http from 'node:http'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Actors, password } from './helpers/actors'
import { Client, fieldMessages, message } from './helpers/client'
import { passwordChecksDuring } from './helpers/passwordChecks'
import { startServer, type TestServer } from './helpers/server'
import { decodeQuotedPrintable, startSmtp } from './helpers/smtp'

/**
 * Every account rule holds on every route — the product's endpoints, Payload's generated
 * routes (`PATCH /api/users/:id`, `/api/users/login`, `/api/users/forgot-password`), the method
 * override header and multipart `_payload` bodies — through the real server over HTTP.
 */

let smtp: Awaited<ReturnType<typeof startSmtp>>
let server: TestServer
let actors: Actors
let counter = 0
const uniqueEmail = () => `d${Date.now().toString(36)}${counter++}@example.org`

beforeAll(async () => {
  smtp = await startSmtp()
  server = await startServer({
    env: {
      RATE_LIMIT_FACTOR: '100',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_SECURE: 'false',
      SMTP_IGNORE_TLS: 'true',
      PUBLIC_URL: 'http://civics.test',
    },
  })
  actors = new Actors(server.payload, server.base)
})
afterAll(async () => {
  await server?.close()
  await smtp?.close()
})

const signUp = async (email = uniqueEmail()) => {
  const client = new Client(server.base)
  const res = await client.post('/api/signup', { providers: [{ provider: 'local', username: email, password }] })
  expect(res.status).toBe(201)
  return Object.assign(client, { user: res.body.user, email })
}

const stored = (id: number | string) => server.payload.findByID({ collection: 'users', id, depth: 0, overrideAccess: true })
const canLogIn = async (login: string, pass: string) => (await new Client(server.base).post('/api/login', { username: login, password: pass })).status === 200

const confirmationToken = async (email: string) => {
  const mail = await smtp.waitFor(email)
  smtp.mails.splice(smtp.mails.indexOf(mail), 1)
  expect(mail.raw).toMatch(/Subject: Confirm your Civics360 email address/)
  const token = /http:\/\/civics\.test\/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(decodeQuotedPrintable(mail.raw))?.[1]
  expect(token).toBeTruthy()
  return decodeURIComponent(token!)
}

describe('1. a local account proves its email', () => {
  it('signup mails a confirmation link; the account is unconfirmed until the link is used, once', async () => {
    const me = await signUp()
    expect(me.user.emailVerified).toBe(false)
    const token = await confirmationToken(me.email)
    const bad = await new Client(server.base).post('/api/email/confirm', { token: 'not-the-token' })
    expect(bad.status).toBe(400)
    expect(message(bad)).toBe('This confirmation link is invalid or has expired. Log in and send a new one.')
    const ok = await me.post('/api/email/confirm', { token })
    expect(ok.status).toBe(200)
    expect(ok.body.message).toBe('Thank you: your email address is confirmed.')
    expect(ok.body.user.emailVerified).toBe(true)
    expect((await stored(me.user.id)).emailVerified).toBe(true)
    expect((await new Client(server.base).post('/api/email/confirm', { token })).status).toBe(400)
  })

  it('resend mails a new link that works, and the old one no longer does; a confirmed account has nothing to resend', async () => {
    const me = await signUp()
    const first = await confirmationToken(me.email)
    const resent = await me.post('/api/email/confirm/resend')
    expect(resent.status).toBe(200)
    expect(resent.body.message).toBe('We sent a new confirmation link. Check your inbox.')
    const second = await confirmationToken(me.email)
    expect((await new Client(server.base).post('/api/email/confirm', { token: first })).status).toBe(400)
    expect((await new Client(server.base).post('/api/email/confirm', { token: second })).status).toBe(200)
    expect((await me.post('/api/email/confirm/resend')).status).toBe(400)
    expect((await new Client(server.base).post('/api/email/confirm/resend')).status).toBe(401)
  })

  it('the email cannot be confirmed by writing the field: PATCH and signup ignore emailVerified', async () => {
    const me = await signUp()
    await me.patch(`/api/users/${me.user.id}`, { emailVerified: true })
    expect((await stored(me.user.id)).emailVerified).toBe(false)
    const forged = new Client(server.base)
    const res = await forged.post('/api/signup', { providers: [{ provider: 'local', username: uniqueEmail(), password }], emailVerified: true })
    expect(res.status).toBe(400)
  })

  it('a password reset by email proves the email too', async () => {
    const me = await signUp()
    await confirmationToken(me.email)
    await new Client(server.base).post('/api/password/request', { username: me.email })
    const mail = await smtp.waitFor(me.email)
    smtp.mails.splice(smtp.mails.indexOf(mail), 1)
    const token = decodeURIComponent(/reset\?token=([A-Za-z0-9%]+)/.exec(decodeQuotedPrintable(mail.raw))![1])
    expect((await new Client(server.base).post('/api/password/reset', { token, password: 'another-pass-77' })).status).toBe(200)
    expect((await stored(me.user.id)).emailVerified).toBe(true)
  })
})

describe('2. usernames and emails are one identity on every write path', () => {
  it("PATCH cannot make a username out of someone's email, nor a username that breaks the format", async () => {
    const victim = await actors.educator()
    const attacker = await actors.educator()
    for (const username of [victim.user.email, 'Tara <script>', 'a@b.co', 'x', 'UPPER-case-9'.repeat(5)]) {
      // With the right current password, so that the username rule is what refuses it.
      const res = await attacker.patch(`/api/users/${attacker.user.id}`, { username, currentPassword: password })
      expect({ username, status: res.status, message: message(res) }).toEqual({
        username,
        status: 400,
        message: 'Usernames use 3 to 40 lower-case letters, digits, dashes or underscores.',
      })
    }
    // The victim's email still logs the victim in, and the victim's signup email was not squatted.
    expect((await new Client(server.base).post('/api/login', { username: victim.user.email, password })).body.user.id).toBe(victim.user.id)
  })

  it('staff with users:write follow the same rules, and emails are stored lower-case', async () => {
    const admin = await actors.staff('users:write')
    const created = await admin.post('/api/users', { email: 'Mixed.Case@Example.ORG', password: 'staff-made-pass-1', mode: 'day', theme: 'civics' })
    expect(created.status).toBe(201)
    expect(created.body.doc.email).toBe('mixed.case@example.org')
    expect((await admin.post('/api/users', { email: 'MIXED.case@example.org', password: 'staff-made-pass-1' })).status).toBe(409)
    expect((await admin.patch(`/api/users/${created.body.doc.id}`, { username: 'fine-name-1' })).status).toBe(200)
    expect((await admin.patch(`/api/users/${created.body.doc.id}`, { username: 'Not Valid!' })).status).toBe(400)
    expect((await admin.patch(`/api/users/${created.body.doc.id}`, { email: 'not-an-email' })).status).toBe(400)
  })
})

describe('3. the password rule holds on every write path', () => {
  it('PATCH with a 3-character password is refused, and it never logs in', async () => {
    const me = await actors.educator()
    const res = await me.patch(`/api/users/${me.user.id}`, { password: 'abc', currentPassword: password })
    expect(res.status).toBe(400)
    expect(message(res)).toBe('Password must be at least 8 characters.')
    expect(await canLogIn(me.user.email, 'abc')).toBe(false)
    const admin = await actors.staff('users:write')
    expect((await admin.patch(`/api/users/${me.user.id}`, { password: 'x'.repeat(129) })).status).toBe(400)
    expect((await admin.post('/api/users', { email: uniqueEmail(), password: 'short' })).status).toBe(400)
  })

  it("Payload's own reset-password route applies the rule too", async () => {
    const me = await actors.educator()
    await new Client(server.base).post('/api/users/forgot-password', { email: me.user.email })
    const mail = await smtp.waitFor(me.user.email)
    smtp.mails.splice(smtp.mails.indexOf(mail), 1)
    const token = decodeURIComponent(/reset\?token=([A-Za-z0-9%]+)/.exec(decodeQuotedPrintable(mail.raw))![1])
    const short = await new Client(server.base).post('/api/users/reset-password', { token, password: 'abc' })
    expect(short.status).toBe(400)
    expect(await canLogIn(me.user.email, 'abc')).toBe(false)
    expect((await new Client(server.base).post('/api/users/reset-password', { token, password: 'long-enough-1' })).status).toBe(200)
  })
})

describe('4. changing an email or password needs the current password and ends other sessions', () => {
  it('through PATCH and through PUT /providers: missing or wrong current password refused, right one accepted', async () => {
    const me = await actors.educator()
    for (const change of [{ password: 'new-password-1' }, { email: uniqueEmail() }]) {
      const missing = await me.patch(`/api/users/${me.user.id}`, change)
      expect(missing.status).toBe(400)
      expect(fieldMessages(missing)).toEqual({ currentPassword: 'Enter your current password to change your email or password.' })
      const wrong = await me.put(`/api/users/${me.user.id}/providers`, {
        provider: 'local',
        ...('email' in change ? { username: change.email } : change),
        currentPassword: 'not-my-password',
      })
      expect(wrong.status).toBe(400)
      expect(fieldMessages(wrong)).toEqual({ currentPassword: 'Your current password is not correct.' })
    }
    expect(await canLogIn(me.user.email, password)).toBe(true)
    const ok = await me.patch(`/api/users/${me.user.id}`, { password: 'new-password-1', currentPassword: password })
    expect(ok.status).toBe(200)
    expect(await canLogIn(me.user.email, 'new-password-1')).toBe(true)
  })

  it('wrong current passwords count toward the account lock', async () => {
    const me = await actors.educator()
    for (let i = 0; i < 5; i++) await me.patch(`/api/users/${me.user.id}`, { password: 'new-password-1', currentPassword: `wrong-${i}` })
    const locked = await me.patch(`/api/users/${me.user.id}`, { password: 'new-password-1', currentPassword: password })
    expect(locked.status).toBe(429)
    expect(await canLogIn(me.user.email, password)).toBe(false)
  })

  it('an email change ends every other session of the account and needs a new confirmation', async () => {
    const me = await actors.educator()
    const elsewhere = await actors.login(me.user.email)
    expect((await elsewhere.get('/api/users/me')).body.user?.id).toBe(me.user.id)
    const newEmail = uniqueEmail()
    const res = await me.put(`/api/users/${me.user.id}/providers`, { provider: 'local', username: newEmail, currentPassword: password })
    expect(res.status).toBe(200)
    expect(res.body.user.emailVerified).toBe(false)
    expect((await elsewhere.get('/api/users/me')).body.user).toBeNull()
    expect((await me.get('/api/users/me')).body.user?.id).toBe(me.user.id)
    await confirmationToken(newEmail)
  })

  it('a password change ends every other session too', async () => {
    const me = await actors.educator()
    const elsewhere = await actors.login(me.user.email)
    expect((await me.put(`/api/users/${me.user.id}/providers`, { provider: 'local', password: 'changed-pass-1', currentPassword: password })).status).toBe(200)
    expect((await elsewhere.get('/api/users/me')).body.user).toBeNull()
    expect((await me.get('/api/users/me')).body.user?.id).toBe(me.user.id)
  })

  it('a social-only account adds its first email and password without one, and then has a password', async () => {
    const social = await server.payload.create({
      collection: 'users',
      data: {
        username: `social-${counter++}-x`,
        password: 'unusable-random-password',
        hasPassword: false,
        identities: [{ provider: 'google', subject: `s${counter}`, email: `s${counter}@gmail.example` }],
      } as never,
      overrideAccess: true,
    })
    const { issueSession } = await import('@cms/auth/session')
    const client = new Client(server.base)
    client.bearer = true
    client.token = (await issueSession(server.payload, social.id)).token
    const res = await client.patch(`/api/users/${social.id}`, { password: 'my-first-pass-1' })
    expect(res.status).toBe(200)
    expect((await stored(social.id)).hasPassword).toBe(true)
  })
})

describe('5. unsafe requests from another site are refused, signed in or not', () => {
  const crossSite = async (path: string, form: FormData, origin = 'http://evil.test') =>
    fetch(server.base + path, { method: 'POST', headers: { origin }, body: form, redirect: 'manual' })

  it('a cross-site multipart login (login CSRF) gets 403 and no session cookie, on every login route', async () => {
    const me = await actors.educator()
    for (const path of ['/api/login', '/api/users/login']) {
      const form = new FormData()
      form.append('_payload', JSON.stringify({ username: me.user.email, password }))
      const res = await crossSite(path, form)
      expect({ path, status: res.status }).toEqual({ path, status: 403 })
      expect(res.headers.getSetCookie().some((c) => c.startsWith('payload-token='))).toBe(false)
      const nullOrigin = await crossSite(path, form, 'null')
      expect(nullOrigin.status).toBe(403)
    }
  })

  it('signup, password request and reset from another site get 403; our own origin and plain API clients pass', async () => {
    for (const [path, body] of [
      ['/api/signup', { providers: [{ provider: 'local', username: uniqueEmail(), password }] }],
      ['/api/password/request', { username: uniqueEmail() }],
      ['/api/password/reset', { token: 'x', password: 'whatever-123' }],
    ] as const) {
      const res = await fetch(server.base + path, {
        method: 'POST',
        headers: { origin: 'http://evil.test', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect({ path, status: res.status }).toEqual({ path, status: 403 })
      const sameSite = await fetch(server.base + path, {
        method: 'POST',
        headers: { 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect({ path, status: sameSite.status }).toEqual({ path, status: 403 })
    }
    const own = await fetch(`${server.base}/api/password/request`, {
      method: 'POST',
      headers: { origin: 'http://civics.test', 'content-type': 'application/json' },
      body: JSON.stringify({ username: uniqueEmail() }),
    })
    expect(own.status).toBe(200)
    expect((await new Client(server.base).post('/api/password/request', { username: uniqueEmail() })).status).toBe(200)
  })
})

describe('7. a body its sender may not send is refused from its headers', () => {
  /** Sends headers that announce `size` bytes and only the first 64 KB; resolves with the status if the server answers anyway. */
  const announce = (path: string, size: number, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      const url = new URL(server.base + path)
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(size), ...headers },
      })
      req.on('response', (res) => {
        resolve(res.statusCode ?? 0)
        res.resume()
        req.destroy()
      })
      req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)))
      req.write(Buffer.alloc(64 * 1024))
      setTimeout(() => reject(new Error(`no answer from ${path} before the body was sent`)), 5000).unref()
    })

  it('an anonymous 45 MB upload to a collection is answered before its body is sent', async () => {
    expect(await announce('/api/topics', 45 * 1024 * 1024)).toBe(401)
    expect(await announce('/api/media', 45 * 1024 * 1024)).toBe(401)
  })

  it('a signed-in student uploading media is answered 403 before the body is sent; an anonymous large JSON body 413', async () => {
    const student = await actors.student((await actors.classroom(await actors.educator())).id)
    expect(await announce('/api/media', 45 * 1024 * 1024, { authorization: `Bearer ${student.token}` })).toBe(403)
    const big = await fetch(`${server.base}/api/tickets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'x'.repeat(200 * 1024) }),
    })
    expect(big.status).toBe(413)
  })
})

describe('8. known and unknown accounts take the same time', () => {
  it("a login for an unknown account costs a password check, like a wrong password for a known one, on our route and Payload's", async () => {
    const known = await actors.educator()
    const logIns = [
      (username: string) => new Client(server.base).post('/api/login', { username, password: 'wrong-password-1' }),
      (email: string) => new Client(server.base).post('/api/users/login', { email, password: 'wrong-password-1' }),
    ]
    for (const logIn of logIns) {
      expect(await passwordChecksDuring(() => logIn(known.user.email))).toBe(1)
      expect(await passwordChecksDuring(() => logIn(uniqueEmail()))).toBe(1)
    }
  })

  it("a password request answers before it sends mail, for known and unknown emails alike, on our route and Payload's", async () => {
    const known = await actors.educator()
    const resetMails = () => smtp.mails.filter((mail) => mail.to.includes(known.user.email) && mail.raw.includes('Reset your Civics360 password'))
    const requests = [
      (username: string) => new Client(server.base).post('/api/password/request', { username }),
      (email: string) => new Client(server.base).post('/api/users/forgot-password', { email }),
    ]
    // With the mail server holding every message, an answer that waited for the mail would never come.
    const release = smtp.hold()
    try {
      for (const request of requests) {
        for (const email of [known.user.email, uniqueEmail()]) {
          let timer: NodeJS.Timeout | undefined
          const tooLate = new Promise<never>(
            (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer for ${email} while the mail was held`)), 5_000)),
          )
          expect((await Promise.race([request(email), tooLate]).finally(() => clearTimeout(timer))).status).toBe(200)
        }
      }
      expect(resetMails()).toHaveLength(0)
    } finally {
      release()
    }
    await expect.poll(() => resetMails().length).toBe(requests.length)
  })
})

describe("10. the spec's student signup shape", () => {
  it('a local provider with attributes.type student and a classroom code signs a student up', async () => {
    const teacher = await actors.educator()
    await actors.classroom(teacher, 'SPEC-SHAPE-1')
    const username = (await new Client(server.base).get('/api/users/username')).body.username
    const res = await new Client(server.base).post('/api/signup', {
      providers: [{ provider: 'local', username, password }],
      attributes: { classroom: 'SPEC-SHAPE-1', type: 'student' },
    })
    expect(res.status).toBe(201)
    expect(res.body.user.attributes).toMatchObject({ type: 'student', classroom: { code: 'SPEC-SHAPE-1' } })
    expect(res.body.user.email).toBeNull()
  })
})

describe('11. smaller routes', () => {
  it('activity link paths that browsers read as another host are refused', async () => {
    const editor = await actors.staff('activities:write', 'modules:write', 'topics:write')
    const topic = await editor.post('/api/topics', { title: 'Links topic', markdown: 'x', order: 1 })
    const module = await editor.post('/api/modules', { title: 'Links module', markdown: 'x', order: 1, topic: topic.body.doc.id })
    for (const path of ['/\\evil.test', '/\t/evil.test', '//evil.test', 'javascript:alert(1)']) {
      const res = await editor.post('/api/activities', { title: 'Links', type: 'links', module: module.body.doc.id, links: [{ text: 'Go', path }] })
      expect({ path, status: res.status, message: message(res) }).toEqual({ path, status: 400, message: 'Links must start with https://, http:// or /.' })
    }
    const ok = await editor.post('/api/activities', { title: 'Links', type: 'links', module: module.body.doc.id, links: [{ text: 'Go', path: '/topics/1' }] })
    expect(ok.status).toBe(201)
  })

  it('SVG uploads are refused (an SVG can carry script)', async () => {
    const editor = await actors.staff('pages:write')
    const form = new FormData()
    form.append('file', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }), 'x.svg')
    form.append('_payload', JSON.stringify({ alt: 'svg' }))
    const res = await editor.request('POST', '/api/media', undefined, { raw: form })
    expect(res.status).toBe(400)
  })
})

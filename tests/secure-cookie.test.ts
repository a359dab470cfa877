import { describe, expect, it } from 'vitest'

import { password } from './helpers/actors'
import { Client, message } from './helpers/client'
import { serverForFile } from './helpers/fileServer'

// The config is built once per process, so a https PUBLIC_URL needs a server of its own. Requests
// still go over http to the in-process server; the cookies are what a browser would get over https.

const { server, actors } = serverForFile({
  env: {
    PUBLIC_URL: 'https://civics.example',
    COOKIE_SECURE: 'false',
    GOOGLE_CLIENT_ID: 'google-client-id',
    GOOGLE_CLIENT_SECRET: 'google-client-secret',
    GOOGLE_AUTHORIZATION_URL: 'https://accounts.example/authorize',
  },
})

const named = (res: { headers: Headers }, name: string) => res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`))

/** A `__Host-` cookie as browsers require it: Secure, Path=/, no Domain. */
const expectHostCookie = (cookie: string | undefined) => {
  expect(cookie).toBeDefined()
  expect(cookie).toMatch(/;\s*Secure/i)
  expect(cookie).toMatch(/;\s*Path=\/(;|$)/i)
  expect(cookie).not.toMatch(/;\s*Domain=/i)
}

describe('cookies behind HTTPS', () => {
  it('the session cookie is Secure when PUBLIC_URL is https, even with COOKIE_SECURE=false, and __Host- prefixed', async () => {
    const teacher = await actors.educator()
    const res = await teacher.post('/api/login', { username: teacher.user.email, password: 'correct-horse-42' })
    const cookie = named(res, '__Host-payload-token')
    expect(cookie).toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/HttpOnly/i)
    expectHostCookie(cookie)
    expect(res.headers.getSetCookie().some((c) => c.startsWith('payload-token='))).toBe(false)
  })

  it('every product cookie is __Host- prefixed: the CSRF token and the OAuth nonce too', async () => {
    const anonymous = new Client(server.base)
    anonymous.cookies.clear()
    const csrf = named(await anonymous.get('/api/users/me'), '__Host-XSRF-TOKEN')
    expectHostCookie(csrf)
    const start = await anonymous.get('/authenticate/google')
    expect(start.status).toBe(302)
    const nonce = named(start, '__Host-oauth-nonce-google')
    expectHostCookie(nonce)
    expect(nonce).toMatch(/HttpOnly/)
    expect(start.headers.getSetCookie().some((c) => /^(XSRF-TOKEN|oauth-nonce-google|payload-token)=/.test(c))).toBe(false)
  })

  it('a login, a CSRF-checked write and a logout work with the __Host- names, and unprefixed copies are ignored', async () => {
    const teacher = await actors.educator()
    const client = new Client(server.base)
    expect([...client.cookies.keys()]).toEqual(['__Host-XSRF-TOKEN'])
    const login = await client.post('/api/login', { username: teacher.user.email, password })
    expect(login.status).toBe(200)
    const token = client.cookies.get('__Host-payload-token')
    expect(token).toBeTruthy()
    expect((await client.get('/api/users/me')).body.user.id).toBe(teacher.user.id)

    // A write riding on the session cookie needs the double-submit token under its __Host- name.
    const noToken = await fetch(`${server.base}/api/users/${teacher.user.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie: `__Host-payload-token=${token}` },
      body: JSON.stringify({ mode: 'night' }),
    })
    expect(noToken.status).toBe(403)
    expect((await noToken.json()).errors[0].message).toBe('Invalid or missing CSRF token. Reload the page and try again.')
    const written = await client.patch(`/api/users/${teacher.user.id}`, { mode: 'night' })
    expect(written.status).toBe(200)

    // A cookie without the prefix (anything on the host could have planted it) is not a session.
    const unprefixed = await fetch(`${server.base}/api/users/me`, { headers: { cookie: `payload-token=${token}` } })
    expect((await unprefixed.json()).user).toBeNull()

    const logout = await client.post('/api/logout')
    expect(logout.status).toBe(200)
    expect(message(logout)).toBe('You have been logged out.')
    expectHostCookie(named(logout, '__Host-payload-token'))
    expect(client.cookies.has('__Host-payload-token')).toBe(false)
    expect((await client.get('/api/users/me')).body.user).toBeNull()
  })
})

describe('HTTPS only', () => {
  it('every answer tells browsers to come back over https (Strict-Transport-Security), the API and the sign-in routes alike', async () => {
    for (const path of ['/api/users/me', '/api/topics?limit=1', '/authenticate/google', '/no-such-page']) {
      const res = await fetch(`${server.base}${path}`, { redirect: 'manual' })
      expect(res.headers.get('strict-transport-security'), path).toBe('max-age=31536000')
    }
  })
})

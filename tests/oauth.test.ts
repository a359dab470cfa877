import { createHmac } from 'node:crypto'
import type { IncomingMessage } from 'node:http'

import { type MutableRedirectUri, type MutableResponse, type MutableToken, OAuth2Server } from 'oauth2-mock-server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { Actors, password } from './helpers/actors'
import { Client, message } from './helpers/client'
import { startServer, type TestServer } from './helpers/server'

/**
 * Social sign-in against a real OAuth2/OpenID server on loopback (oauth2-mock-server), configured
 * as both Google and Facebook. The mock is made strict here the way real providers are: it knows
 * each client's secret, hands out single-use codes bound to the client and redirect URI, and its
 * userinfo answers only for a token it issued, with the person the test chose.
 */

type Provider = 'google' | 'facebook'
type Person = { sub: string; email?: string; emailVerified?: boolean; firstName?: string; lastName?: string }

const clients: Record<Provider, { id: string; secret: string }> = {
  google: { id: 'google-client-id', secret: 'google-client-secret' },
  facebook: { id: 'facebook-app-id', secret: 'facebook-app-secret' },
}
const providerOf = (clientId: unknown): Provider | undefined => (Object.keys(clients) as Provider[]).find((provider) => clients[provider].id === clientId)

const oauth = new OAuth2Server()
let server: TestServer
let actors: Actors

/** What the provider will say next: who signs in, whether they consent, whether the token call fails. */
const provider = {
  person: { sub: 'nobody' } as Person,
  consent: true,
  failTokenCall: false,
  codes: new Map<string, { clientId: string; redirectUri: string }>(),
  userinfoCalls: [] as { provider: Provider; query: URLSearchParams; authorization?: string }[],
}
let counter = 0
const uniqueSub = () => `${Date.now()}${counter++}`.padStart(21, '1')

/** The profile each provider's API answers with: Google's OpenID userinfo, Facebook's Graph `me`. */
const profileFor = (which: Provider, person: Person) =>
  which === 'google'
    ? { sub: person.sub, email: person.email, email_verified: person.emailVerified, given_name: person.firstName, family_name: person.lastName }
    : { id: person.sub, email: person.email, first_name: person.firstName, last_name: person.lastName }

const decodePayload = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'))

beforeAll(async () => {
  await oauth.issuer.keys.generate('RS256')
  await oauth.start(0, '127.0.0.1')
  const issuer = oauth.issuer.url!

  oauth.service.on('beforeAuthorizeRedirect', ({ url }: MutableRedirectUri, req: IncomingMessage) => {
    const query = new URL(req.url ?? '/', issuer).searchParams
    const code = url.searchParams.get('code')
    if (!provider.consent) {
      url.searchParams.delete('code')
      url.searchParams.set('error', 'access_denied')
      url.searchParams.set('error_description', 'The user denied the request.')
      return
    }
    if (code) provider.codes.set(code, { clientId: query.get('client_id') ?? '', redirectUri: query.get('redirect_uri') ?? '' })
  })

  // The access token carries the person, so userinfo answers for whoever the token was issued to.
  oauth.service.on('beforeTokenSigning', (token: MutableToken, req: IncomingMessage & { body?: Record<string, string> }) => {
    const which = providerOf(req.body?.client_id)
    if (which) Object.assign(token.payload, { sub: provider.person.sub, profile: profileFor(which, provider.person) })
  })

  oauth.service.on('beforeResponse', (response: MutableResponse, req: IncomingMessage & { body?: Record<string, string> }) => {
    const body = req.body ?? {}
    const issued = provider.codes.get(body.code ?? '')
    provider.codes.delete(body.code ?? '')
    const which = providerOf(body.client_id)
    const valid =
      !provider.failTokenCall &&
      body.grant_type === 'authorization_code' &&
      issued !== undefined &&
      which !== undefined &&
      issued.clientId === body.client_id &&
      issued.redirectUri === body.redirect_uri &&
      clients[which].secret === body.client_secret
    if (!valid) {
      response.statusCode = 400
      response.body = { error: 'invalid_grant', error_description: 'The authorization code is invalid or was already used.' }
    }
  })

  oauth.service.on('beforeUserinfo', (response: MutableResponse, req: IncomingMessage) => {
    const query = new URL(req.url ?? '/', issuer).searchParams
    const bearer = req.headers.authorization?.replace(/^Bearer /i, '')
    const token = bearer ?? query.get('access_token')
    let claims: { aud?: unknown; profile?: Record<string, unknown> }
    try {
      claims = token ? decodePayload(token) : {}
    } catch {
      claims = {}
    }
    if (!claims.profile) {
      response.statusCode = 401
      response.body = { error: 'invalid_token', error_description: 'No valid access token.' }
      return
    }
    const which: Provider = 'id' in claims.profile ? 'facebook' : 'google'
    provider.userinfoCalls.push({ provider: which, query, authorization: req.headers.authorization })
    response.body = Object.fromEntries(Object.entries(claims.profile).filter(([, value]) => value !== undefined))
  })

  const endpoints = (prefix: string) => ({
    [`${prefix}_AUTHORIZATION_URL`]: `${issuer}/authorize`,
    [`${prefix}_TOKEN_URL`]: `${issuer}/token`,
    [`${prefix}_USERINFO_URL`]: `${issuer}/userinfo`,
  })
  server = await startServer({
    env: {
      RATE_LIMIT_FACTOR: '20',
      GOOGLE_CLIENT_ID: clients.google.id,
      GOOGLE_CLIENT_SECRET: clients.google.secret,
      ...endpoints('GOOGLE'),
      FACEBOOK_CLIENT_ID: clients.facebook.id,
      FACEBOOK_CLIENT_SECRET: clients.facebook.secret,
      ...endpoints('FACEBOOK'),
      FACEBOOK_TRUST_EMAIL: 'false',
    },
  })
  // Callback URLs are built from PUBLIC_URL at request time; the port is known only now.
  process.env.PUBLIC_URL = server.base
  actors = new Actors(server.payload, server.base)
})

afterAll(async () => {
  await server?.close()
  await oauth.stop()
})

afterEach(() => {
  provider.consent = true
  provider.failTokenCall = false
  process.env.FACEBOOK_TRUST_EMAIL = 'false'
})

const as = (person: Person) => {
  provider.person = person
  return person
}

const newPerson = (overrides: Partial<Person> = {}): Person => {
  const sub = uniqueSub()
  return { sub, email: `p${sub}@mail.example`, emailVerified: true, firstName: 'Grace', lastName: 'Hopper', ...overrides }
}

/**
 * One browser round trip, the way a browser does it: the app sends us to the provider, whose
 * authorize endpoint redirects straight back with a code, and the app's callback answers.
 */
const signIn = async (client: Client, which: Provider, redirect?: string, tamper?: (callback: URL) => void) => {
  const start = await client.get(`/authenticate/${which}${redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`}`)
  expect(start.status).toBe(302)
  const authorize = new URL(start.headers.get('location') ?? '')
  const consent = await fetch(authorize, { redirect: 'manual' })
  expect(consent.status).toBe(302)
  const callback = new URL(consent.headers.get('location') ?? '')
  expect(callback.origin).toBe(server.base)
  tamper?.(callback)
  const done = await client.get(callback.pathname + callback.search)
  return { start, authorize, callback, done, location: done.headers.get('location') }
}

const me = async (client: Client) => (await client.get('/api/users/me')).body.user
const sessionCookieSet = (res: { headers: Headers }) => res.headers.getSetCookie().some((cookie) => /^payload-token=[^;]+/.test(cookie))
const userCount = async (where: Record<string, unknown>) =>
  (await server.payload.count({ collection: 'users', where: where as never, overrideAccess: true })).totalDocs

describe('starting the flow', () => {
  it('sends the browser to the provider with our client id, callback URL, scopes and a signed state tied to an HttpOnly cookie', async () => {
    const client = new Client(server.base)
    const res = await client.get('/authenticate/google?redirect=%2Fmodules%2F4')
    expect(res.status).toBe(302)
    const authorize = new URL(res.headers.get('location') ?? '')
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${oauth.issuer.url}/authorize`)
    expect(authorize.searchParams.get('client_id')).toBe(clients.google.id)
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${server.base}/authenticate/google/callback`)
    expect(authorize.searchParams.get('response_type')).toBe('code')
    expect(authorize.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))
    expect(authorize.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/)
    const nonce = res.headers.getSetCookie().find((cookie) => cookie.startsWith('oauth-nonce-google='))
    expect(nonce).toMatch(/HttpOnly/)
    expect(nonce).toMatch(/SameSite=Lax/)
    expect(nonce).toMatch(/Path=\/authenticate\/google/)

    const facebook = new URL((await client.get('/authenticate/facebook')).headers.get('location') ?? '')
    expect(facebook.searchParams.get('client_id')).toBe(clients.facebook.id)
    expect(facebook.searchParams.get('redirect_uri')).toBe(`${server.base}/authenticate/facebook/callback`)
    expect(facebook.searchParams.get('scope')).toBe('email,public_profile')
  })

  it('answers 404 for a provider without client id and secret, and the page data offers only the enabled ones', async () => {
    const client = new Client(server.base)
    const page = async () => {
      const html = (await client.get('/login')).body as string
      return JSON.parse(/<script id="page-data" type="application\/json">(.*?)<\/script>/.exec(html)?.[1] ?? '{}')
    }
    expect((await page()).socialProviders).toEqual(['google', 'facebook'])
    const secret = process.env.FACEBOOK_CLIENT_SECRET
    delete process.env.FACEBOOK_CLIENT_SECRET
    try {
      const res = await client.get('/authenticate/facebook')
      expect(res.status).toBe(404)
      expect(message(res)).toBe('Sign-in with Facebook is not available.')
      expect((await client.get('/authenticate/facebook/callback?code=x&state=y')).status).toBe(404)
      expect((await page()).socialProviders).toEqual(['google'])
    } finally {
      process.env.FACEBOOK_CLIENT_SECRET = secret
    }
    expect((await client.get('/authenticate/twitter')).status).toBe(404)
  })
})

describe('Google', () => {
  it('first login creates an educator account with no type, and a working session; the redirect is kept', async () => {
    const person = as(newPerson())
    const client = new Client(server.base)
    const { done, location } = await signIn(client, 'google', '/modules/4?tab=2')
    expect(done.status).toBe(302)
    expect(location).toBe('/modules/4?tab=2')
    expect(sessionCookieSet(done)).toBe(true)
    // The nonce is spent.
    expect(done.headers.getSetCookie().find((c) => c.startsWith('oauth-nonce-google='))).toMatch(/Max-Age=0/)

    const user = await me(client)
    expect(user).toMatchObject({
      email: person.email,
      username: null,
      hasPassword: false,
      meta: { oauthFirstName: 'Grace', oauthLastName: 'Hopper', oauthEmail: person.email },
      providers: [{ provider: 'google', username: person.email }],
    })
    expect(user.attributes.type ?? null).toBeNull()
    // The provider was asked with the token in the Authorization header, as Google expects.
    expect(provider.userinfoCalls.at(-1)).toMatchObject({ provider: 'google', authorization: expect.stringMatching(/^Bearer /) })
    // A social-created account has no password anyone knows.
    expect((await new Client(server.base).post('/api/login', { username: person.email, password })).status).toBe(401)
  })

  it('a second login finds the same account and opens a new session', async () => {
    const person = as(newPerson())
    const first = new Client(server.base)
    await signIn(first, 'google')
    const id = (await me(first)).id

    as({ ...person, firstName: 'Changed' })
    const second = new Client(server.base)
    const { location } = await signIn(second, 'google')
    expect(location).toBe('/')
    expect((await me(second)).id).toBe(id)
    expect(await userCount({ email: { equals: person.email } })).toBe(1)
    // Both sessions are valid: two devices.
    expect((await me(first)).id).toBe(id)
  })

  it('a verified email that matches an existing local account links the identity to it', async () => {
    const local = await actors.educator()
    const email = local.user.email as string
    as(newPerson({ email: email.toUpperCase(), emailVerified: true }))
    const client = new Client(server.base)
    await signIn(client, 'google')
    const user = await me(client)
    expect(user.id).toBe(local.user.id)
    expect(user.attributes.type).toBe('teacher')
    expect(user.providers).toEqual([
      { provider: 'local', username: email },
      { provider: 'google', username: email },
    ])
    // The password login keeps working.
    expect((await actors.login(email)).user.id).toBe(local.user.id)
  })

  it('pre-hijack: an account whose email was never confirmed is not linked; its owner is sent to log in and connect from Accounts', async () => {
    // A squatter signs up with the victim's address (they cannot open the confirmation mail).
    const victimEmail = `victim${uniqueSub()}@gmail.example`
    const squatter = new Client(server.base)
    expect((await squatter.post('/api/signup', { providers: [{ provider: 'local', username: victimEmail, password: 'squatter-pass-1' }] })).status).toBe(201)
    const squatted = (await squatter.get('/api/users/me')).body.user
    // The real owner signs in with Google, which vouches for the address.
    as(newPerson({ email: victimEmail, emailVerified: true }))
    const owner = new Client(server.base)
    const { location, done } = await signIn(owner, 'google')
    expect(location).toBe('/login?error=unconfirmed_email')
    expect(sessionCookieSet(done)).toBe(false)
    const stored = await server.payload.findByID({ collection: 'users', id: squatted.id, overrideAccess: true })
    expect(stored.identities ?? []).toEqual([])
    expect(await userCount({ email: { equals: victimEmail } })).toBe(1)
  })

  it('a signed-in educator connects Google from Accounts, whatever the emails; another account cannot take the identity', async () => {
    const local = await actors.educator()
    const person = as(newPerson({ email: `other${uniqueSub()}@gmail.example`, emailVerified: true }))
    const start = await local.get(`/authenticate/google?connect=1&redirect=${encodeURIComponent('/user/security')}`)
    expect(start.status).toBe(302)
    const consent = await fetch(new URL(start.headers.get('location') ?? ''), { redirect: 'manual' })
    const callback = new URL(consent.headers.get('location') ?? '')
    const done = await local.get(callback.pathname + callback.search)
    expect(done.headers.get('location')).toBe('/user/security')
    expect((await me(local)).providers).toContainEqual({ provider: 'google', username: person.email })
    // Signing in with that Google account now opens this account.
    const later = new Client(server.base)
    await signIn(later, 'google')
    expect((await me(later)).id).toBe(local.user.id)
    // Another signed-in educator trying to connect the same Google account is refused.
    const other = await actors.educator()
    const again = await other.get('/authenticate/google?connect=1')
    const consent2 = await fetch(new URL(again.headers.get('location') ?? ''), { redirect: 'manual' })
    const callback2 = new URL(consent2.headers.get('location') ?? '')
    const refused = await other.get(callback2.pathname + callback2.search)
    expect(refused.headers.get('location')).toBe('/login?error=identity_taken')
    expect((await me(other)).providers.some((p: { provider: string }) => p.provider === 'google')).toBe(false)
  })

  it('an unverified email does not link: a separate account with a generated username, the email kept only as a suggestion', async () => {
    const local = await actors.educator()
    const email = local.user.email as string
    as(newPerson({ email, emailVerified: false }))
    const client = new Client(server.base)
    await signIn(client, 'google')
    const user = await me(client)
    expect(user.id).not.toBe(local.user.id)
    expect(user).toMatchObject({ email: null, hasPassword: false, meta: { oauthEmail: email }, providers: [{ provider: 'google', username: email }] })
    expect(user.username).toMatch(/^[a-z]+-[a-z]+-\d{3}$/)
    const untouched = await server.payload.findByID({ collection: 'users', id: local.user.id, overrideAccess: true })
    expect(untouched.identities ?? []).toEqual([])
    // Signing in again finds the separate account by its identity.
    const again = new Client(server.base)
    await signIn(again, 'google')
    expect((await me(again)).id).toBe(user.id)
  })

  it('refuses a sign-in without any email, creating nothing', async () => {
    const person = as(newPerson({ email: undefined }))
    const client = new Client(server.base)
    const { done, location } = await signIn(client, 'google', '/user/profile')
    expect(location).toBe('/login?error=missing_email&redirect=%2Fuser%2Fprofile')
    expect(sessionCookieSet(done)).toBe(false)
    expect(await userCount({ 'identities.subject': { equals: person.sub } })).toBe(0)
  })

  it('never signs a student in', async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)
    const person = as(newPerson())
    await server.payload.update({
      collection: 'users',
      id: student.user.id,
      data: { identities: [{ provider: 'google', subject: person.sub, email: person.email }] } as never,
      overrideAccess: true,
    })
    const client = new Client(server.base)
    const { done, location } = await signIn(client, 'google')
    expect(location).toBe('/login?error=student')
    expect(sessionCookieSet(done)).toBe(false)
    expect(await me(client)).toBeNull()
  })
})

describe('Facebook', () => {
  it('signs up with the Graph profile; its email is not trusted by default, so it does not link', async () => {
    const local = await actors.educator()
    const email = local.user.email as string
    as(newPerson({ email, firstName: 'Ada', lastName: 'Lovelace' }))
    const client = new Client(server.base)
    const { location } = await signIn(client, 'facebook', '/user/security')
    expect(location).toBe('/user/security')
    const user = await me(client)
    expect(user.id).not.toBe(local.user.id)
    expect(user).toMatchObject({
      email: null,
      meta: { oauthFirstName: 'Ada', oauthLastName: 'Lovelace', oauthEmail: email },
      providers: [{ provider: 'facebook', username: email }],
    })
    // Graph API call: the requested fields, and the appsecret_proof of the token.
    const call = provider.userinfoCalls.at(-1)!
    expect(call.provider).toBe('facebook')
    expect(call.query.get('fields')?.split(',')).toEqual(expect.arrayContaining(['id', 'email', 'first_name', 'last_name']))
    const token = call.query.get('access_token') ?? call.authorization?.replace(/^Bearer /, '') ?? ''
    expect(call.query.get('appsecret_proof')).toBe(createHmac('sha256', clients.facebook.secret).update(token).digest('hex'))
  })

  it('links by email when FACEBOOK_TRUST_EMAIL=true', async () => {
    process.env.FACEBOOK_TRUST_EMAIL = 'true'
    const local = await actors.educator()
    as(newPerson({ email: local.user.email }))
    const client = new Client(server.base)
    await signIn(client, 'facebook')
    const user = await me(client)
    expect(user.id).toBe(local.user.id)
    expect(user.providers.map((p: { provider: string }) => p.provider)).toEqual(['local', 'facebook'])
  })
})

describe('refused safely', () => {
  it('a tampered state', async () => {
    as(newPerson())
    const client = new Client(server.base)
    const { done, location } = await signIn(client, 'google', '/modules/4', (callback) => {
      const state = callback.searchParams.get('state') ?? ''
      const [body, signature] = state.split('.')
      const data = JSON.parse(Buffer.from(body, 'base64url').toString())
      data.r = 'https://evil.example/'
      callback.searchParams.set('state', `${Buffer.from(JSON.stringify(data)).toString('base64url')}.${signature}`)
    })
    expect(location).toBe('/login?error=state')
    expect(sessionCookieSet(done)).toBe(false)
    expect(await me(client)).toBeNull()
  })

  it("a state started in another browser (login CSRF): the signature is good but the nonce cookie is not this browser's", async () => {
    as(newPerson())
    const attacker = new Client(server.base)
    const start = await attacker.get('/authenticate/google')
    const consent = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' })
    const callback = new URL(consent.headers.get('location') ?? '')
    const victim = new Client(server.base)
    const res = await victim.get(callback.pathname + callback.search)
    expect(res.headers.get('location')).toBe('/login?error=state')
    expect(await me(victim)).toBeNull()
  })

  it('a missing state, and a callback with neither code nor error', async () => {
    as(newPerson())
    const client = new Client(server.base)
    const { location } = await signIn(client, 'google', undefined, (callback) => callback.searchParams.delete('state'))
    expect(location).toBe('/login?error=state')
    expect((await client.get('/authenticate/google/callback')).headers.get('location')).toBe('/login?error=state')
  })

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/\r\nSet-Cookie: x=1'])(
    'an external or malformed redirect %j falls back to /',
    async (redirect) => {
      as(newPerson())
      const client = new Client(server.base)
      const { location } = await signIn(client, 'google', redirect)
      expect(location).toBe('/')
      expect((await me(client))?.id).toBeDefined()
    },
  )

  it('denied consent lands on /login with its code, creating nothing', async () => {
    const person = as(newPerson())
    provider.consent = false
    const client = new Client(server.base)
    const { done, location } = await signIn(client, 'google')
    expect(location).toBe('/login?error=denied')
    expect(sessionCookieSet(done)).toBe(false)
    expect(await userCount({ email: { equals: person.email } })).toBe(0)
  })

  it('a provider error (the code is refused at the token endpoint), without a stack trace', async () => {
    as(newPerson())
    provider.failTokenCall = true
    const client = new Client(server.base)
    const { done, location } = await signIn(client, 'facebook')
    expect(location).toBe('/login?error=provider')
    expect(done.body ?? '').not.toMatch(/at |Error/)
    // Replaying a callback URL gets nowhere: its nonce was spent by the first use.
    provider.failTokenCall = false
    const browser = new Client(server.base)
    const replay = await signIn(browser, 'google')
    expect(replay.location).toBe('/')
    const again = await browser.get(replay.callback.pathname + replay.callback.search)
    expect(again.headers.get('location')).toBe('/login?error=state')
  })
})

/** The provider's answer to a flow the app started: the callback URL with the code and the state. */
const providerCallback = async (start: { headers: Headers }) => {
  const consent = await fetch(new URL(start.headers.get('location') ?? ''), { redirect: 'manual' })
  return new URL(consent.headers.get('location') ?? '')
}
const nonceOf = (start: { headers: Headers }) => /oauth-nonce-google=([^;]*)/.exec(start.headers.getSetCookie().join('\n'))?.[1] ?? ''
/** A browser request with exactly this Cookie header (duplicates and their order as given). */
const rawGet = (path: string, cookie: string) => fetch(`${server.base}${path}`, { headers: { cookie }, redirect: 'manual' })
const googleLinkedTo = async (id: number | string) =>
  ((await server.payload.findByID({ collection: 'users', id, overrideAccess: true })).identities ?? []).some(
    (i: { provider: string }) => i.provider === 'google',
  )

describe('connect is bound to the session that started it', () => {
  it("a package's planted nonce cookie (longer path) with the attacker's code and connect state links nothing to the victim", async () => {
    // The attacker starts a connect in their own session and stops at the provider's answer.
    const attacker = await actors.educator()
    const attackerPerson = as(newPerson({ email: `attacker${uniqueSub()}@gmail.example` }))
    const start = await attacker.get('/authenticate/google?connect=1')
    const attackerNonce = nonceOf(start)
    const callback = await providerCallback(start)
    // A package on another port of the host plants the nonce with a longer path, so browsers send
    // it first, then loads the callback in the victim's browser: the victim's session rides along.
    const victim = await actors.educator()
    const cookie = `oauth-nonce-google=${attackerNonce}; payload-token=${victim.cookies.get('payload-token')}; XSRF-TOKEN=${victim.csrf}`
    const res = await rawGet(callback.pathname + callback.search, cookie)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?error=connect_session')
    expect(sessionCookieSet(res)).toBe(false)
    expect(await googleLinkedTo(victim.user.id)).toBe(false)
    expect(await googleLinkedTo(attacker.user.id)).toBe(false)
    // The victim is still signed in as themself, and the attacker's Google account opens no existing account.
    expect((await me(victim)).id).toBe(victim.user.id)
    as(attackerPerson)
    const later = new Client(server.base)
    await signIn(later, 'google')
    expect([victim.user.id, attacker.user.id]).not.toContain((await me(later)).id)
  })

  it("a connect started by one user and completed with another user's session is refused; neither account is linked", async () => {
    const userA = await actors.educator()
    const userB = await actors.educator()
    as(newPerson())
    const start = await userA.get(`/authenticate/google?connect=1&redirect=${encodeURIComponent('/user/security')}`)
    const callback = await providerCallback(start)
    const cookie = `oauth-nonce-google=${nonceOf(start)}; payload-token=${userB.cookies.get('payload-token')}; XSRF-TOKEN=${userB.csrf}`
    const res = await rawGet(callback.pathname + callback.search, cookie)
    expect(res.headers.get('location')).toBe('/login?error=connect_session&redirect=%2Fuser%2Fsecurity')
    expect(await googleLinkedTo(userA.user.id)).toBe(false)
    expect(await googleLinkedTo(userB.user.id)).toBe(false)
  })

  it('a connect finished in another session of the same user (a second login) is refused too', async () => {
    const first = await actors.educator()
    const second = await actors.login(first.user.email as string)
    as(newPerson())
    const start = await first.get('/authenticate/google?connect=1')
    const callback = await providerCallback(start)
    const cookie = `oauth-nonce-google=${nonceOf(start)}; payload-token=${second.cookies.get('payload-token')}`
    expect((await rawGet(callback.pathname + callback.search, cookie)).headers.get('location')).toBe('/login?error=connect_session')
    expect(await googleLinkedTo(first.user.id)).toBe(false)
  })

  it('a connect after logging out in between is refused, and one cannot start signed out', async () => {
    const user = await actors.educator()
    as(newPerson())
    const start = await user.get('/authenticate/google?connect=1')
    const callback = await providerCallback(start)
    expect((await user.get('/api/logout')).status).toBe(200)
    expect((await user.get(callback.pathname + callback.search)).headers.get('location')).toBe('/login?error=connect_session')
    expect(await googleLinkedTo(user.user.id)).toBe(false)

    const signedOut = await new Client(server.base).get(`/authenticate/google?connect=1&redirect=${encodeURIComponent('/user/security')}`)
    expect(signedOut.status).toBe(302)
    expect(signedOut.headers.get('location')).toBe('/login?error=connect_session&redirect=%2Fuser%2Fsecurity')
    expect(signedOut.headers.getSetCookie().some((c) => c.startsWith('oauth-nonce-google='))).toBe(false)
  })

  it("two nonce cookies are refused, even when one of them is the browser's own and the state is its own", async () => {
    const victim = await actors.educator()
    as(newPerson())
    const attackerStart = await new Client(server.base).get('/authenticate/google')
    const start = await victim.get('/authenticate/google?connect=1')
    const callback = await providerCallback(start)
    const session = `payload-token=${victim.cookies.get('payload-token')}`
    for (const cookie of [
      `oauth-nonce-google=${nonceOf(attackerStart)}; oauth-nonce-google=${nonceOf(start)}; ${session}`,
      `oauth-nonce-google=${nonceOf(start)}; ${session}; oauth-nonce-google =${nonceOf(attackerStart)}`,
    ]) {
      const res = await rawGet(callback.pathname + callback.search, cookie)
      expect(res.headers.get('location')).toBe('/login?error=state')
      expect(sessionCookieSet(res)).toBe(false)
    }
    expect(await googleLinkedTo(victim.user.id)).toBe(false)
  })

  it('a callback carrying any product cookie twice is refused before the code is used', async () => {
    as(newPerson())
    const client = new Client(server.base)
    const start = await client.get('/authenticate/google')
    const callback = await providerCallback(start)
    const other = await actors.educator()
    const twoSessions = `oauth-nonce-google=${nonceOf(start)}; payload-token=planted; payload-token=${other.cookies.get('payload-token')}`
    // Two session cookies are refused in front of every route (cms/auth/sessionHeaders.ts), this one included.
    const refused = await rawGet(callback.pathname + callback.search, twoSessions)
    expect(refused.status).toBe(400)
    expect(sessionCookieSet(refused)).toBe(false)
    expect(await googleLinkedTo(other.user.id)).toBe(false)
    const twoTokens = `oauth-nonce-google=${nonceOf(start)}; XSRF-TOKEN=a; XSRF-TOKEN=b`
    expect((await rawGet(callback.pathname + callback.search, twoTokens)).headers.get('location')).toBe('/login?error=state')
    // The code was never redeemed: the same callback with clean cookies still signs in.
    const clean = await rawGet(callback.pathname + callback.search, `oauth-nonce-google=${nonceOf(start)}`)
    expect(clean.headers.get('location')).toBe('/')
    expect(sessionCookieSet(clean)).toBe(true)
  })
})

describe('sessions and accounts', () => {
  it('logout revokes the session: the old token is refused', async () => {
    as(newPerson())
    const client = new Client(server.base)
    const { done } = await signIn(client, 'google')
    const token = /payload-token=([^;]+)/.exec(done.headers.getSetCookie().join(';'))?.[1] ?? ''
    expect(token).not.toBe('')
    const bearer = async () => (await fetch(`${server.base}/api/users/me`, { headers: { authorization: `JWT ${token}` } })).json()
    expect((await bearer()).user?.id).toBeDefined()
    expect((await client.get('/api/logout')).status).toBe(200)
    expect((await bearer()).user).toBeNull()
    const replayCookie = await fetch(`${server.base}/api/users/me`, { headers: { cookie: `payload-token=${token}` } })
    expect((await replayCookie.json()).user).toBeNull()
  })

  it('a social-only account connects an email and password, can then log in with it, and unlinks only while another login remains', async () => {
    const person = as(newPerson({ emailVerified: false }))
    const client = new Client(server.base)
    await signIn(client, 'google')
    const user = await me(client)

    const last = await client.delete(`/api/users/${user.id}/providers/google`)
    expect(last.status).toBe(400)
    expect(message(last)).toBe('Google is the only way to log in to this account. Connect an email account first.')

    const connected = await client.post(`/api/users/${user.id}/providers`, { provider: 'local', username: person.email, password })
    expect(connected.status).toBe(200)
    expect(connected.body.user.providers).toEqual([
      { provider: 'local', username: person.email },
      { provider: 'google', username: person.email },
    ])
    const byPassword = await actors.login(person.email!)
    expect(byPassword.user.id).toBe(user.id)

    expect((await client.delete(`/api/users/${user.id}/providers/facebook`)).status).toBe(404)
    const other = await actors.educator()
    expect((await other.delete(`/api/users/${user.id}/providers/google`)).status).toBe(403)
    expect((await new Client(server.base).delete(`/api/users/${user.id}/providers/google`)).status).toBe(401)

    const unlinked = await client.delete(`/api/users/${user.id}/providers/google`)
    expect(unlinked.status).toBe(200)
    expect(unlinked.body.message).toBe('Your Google account is disconnected.')
    expect(unlinked.body.user.providers).toEqual([{ provider: 'local', username: person.email }])
  })
})

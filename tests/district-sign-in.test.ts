import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { User } from '../cms/payload-types'
import { districtProfile } from '../cms/auth/district/claims'
import { signInWithDistrict } from '../cms/auth/oauth/accounts'
import { Actors } from './helpers/actors'
import { type Client, fieldMessages } from './helpers/client'
import { startServer, type TestServer } from './helpers/server'

/**
 * District sign-in: the identity-provider settings (staff with users:write only, the client secret
 * never read back) and which account a district's verified claims open, against the real database.
 * The redirects themselves, with a real OpenID provider per district, are in
 * tests/e2e/district-sign-in.e2e.ts.
 */
let server: TestServer
let actors: Actors
let admin: Client

const settings = (key: string, extra: Record<string, unknown> = {}) => ({
  name: `District ${key.toUpperCase()}`,
  key,
  issuer: `https://idp.${key}.example`,
  clientId: `client-${key}`,
  clientSecret: `secret-of-${key}`,
  userIdClaim: 'user_id',
  roleClaim: 'user_type',
  emailDomains: [`${key}.k12.example`],
  ...extra,
})

let seq = 0
const id = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${seq++}`

/** What each district's provider is configured as, read as the sign-in reads it (secret included). */
const provider = async (key: string) => {
  const { docs } = await server.payload.find({ collection: 'identity-providers', where: { key: { equals: key } }, overrideAccess: true })
  return docs[0]
}

/** A district sign-in with Clever-shaped claims, as the callback runs it once the id_token checked out. */
const signIn = async (key: string, claims: Record<string, unknown>) => {
  const read = districtProfile(await provider(key), claims)
  return 'refused' in read ? read : signInWithDistrict(server.payload, read.profile)
}

const opened = (outcome: Awaited<ReturnType<typeof signIn>>): User => {
  if ('refused' in outcome) throw new Error(`refused: ${outcome.refused}`)
  return outcome.user
}

const reread = (user: User) => server.payload.findByID({ collection: 'users', id: user.id, depth: 0, overrideAccess: true })

beforeAll(async () => {
  server = await startServer()
  actors = new Actors(server.payload, server.base)
  admin = await actors.staff('users:write')
  for (const body of [
    settings('alpha'),
    settings('beta'),
    settings('clever-a', { issuer: 'https://clever.example', districtClaim: 'district', districtId: 'd-a' }),
  ]) {
    const res = await admin.post('/api/identity-providers', body)
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
})

afterAll(async () => {
  await server?.close()
})

describe('identity-provider settings', () => {
  it('never give the client secret back: not on create, read, list or update', async () => {
    const created = await admin.post('/api/identity-providers', settings('gamma'))
    expect(created.status).toBe(201)
    expect(created.body.doc).not.toHaveProperty('clientSecret')
    const read = await admin.get(`/api/identity-providers/${created.body.doc.id}`)
    expect(read.status).toBe(200)
    expect(read.body.clientId).toBe('client-gamma')
    expect(read.body).not.toHaveProperty('clientSecret')
    const list = await admin.get('/api/identity-providers?limit=50')
    expect(JSON.stringify(list.body)).not.toContain('secret-of-')
    const renamed = await admin.patch(`/api/identity-providers/${created.body.doc.id}`, { name: 'Gamma Unified' })
    expect(renamed.status).toBe(200)
    expect(renamed.body.doc).not.toHaveProperty('clientSecret')
    // The secret kept its value through the update it was not part of.
    expect((await provider('gamma')).clientSecret).toBe('secret-of-gamma')
    // The admin's form replaces it through newClientSecret, which is never stored or answered either.
    const replaced = await admin.patch(`/api/identity-providers/${created.body.doc.id}`, { newClientSecret: 'rotated-secret' })
    expect(replaced.status).toBe(200)
    expect(JSON.stringify(replaced.body)).not.toContain('rotated-secret')
    expect((await provider('gamma')).clientSecret).toBe('rotated-secret')
  })

  it('refuse a key that is not a short slug and an issuer that is not https, saying which field', async () => {
    const badKey = await admin.post('/api/identity-providers', settings('delta', { key: 'Delta Schools!' }))
    expect(badKey.status).toBe(400)
    expect(fieldMessages(badKey).key).toMatch(/lower-case letters, digits or dashes/)
    const plainHttp = await admin.post('/api/identity-providers', settings('delta', { issuer: 'http://idp.delta.example' }))
    expect(plainHttp.status).toBe(400)
    expect(fieldMessages(plainHttp).issuer).toBe('The issuer must be an https URL.')
    const taken = await admin.post('/api/identity-providers', settings('alpha'))
    expect(taken.status).toBe(409)
  })

  it("are read by nobody but users:write staff; the login page's list shows names and keys of enabled districts only", async () => {
    for (const client of [actors.anonymous(), await actors.educator(), await actors.staff('users:read')]) {
      expect((await client.get('/api/identity-providers')).status).toBe(403)
    }
    const off = await admin.post('/api/identity-providers', settings('epsilon', { enabled: false }))
    expect(off.status).toBe(201)
    const list = await actors.anonymous().get('/api/identity-providers/districts')
    expect(list.status).toBe(200)
    const keys = list.body.districts.map((d: { key: string }) => d.key)
    expect(keys).toEqual(expect.arrayContaining(['alpha', 'beta', 'clever-a']))
    expect(keys).not.toContain('epsilon')
    expect(Object.keys(list.body.districts[0]).sort()).toEqual(['key', 'name'])
    expect(JSON.stringify(list.body)).not.toMatch(/client|secret|issuer|example/)
  })
})

describe('the account a district sign-in opens', () => {
  it('a first student sign-in makes a student with a generated username as display name, no email, no name and no password; the next one opens it', async () => {
    const userId = id('stu')
    const first = await signIn('alpha', {
      sub: userId,
      user_id: userId,
      user_type: 'student',
      email: 'kid@alpha.k12.example',
      given_name: 'Ada',
      family_name: 'Kid',
    })
    expect(first).toMatchObject({ created: true })
    const student = await reread(opened(first))
    expect(student.attributes?.type).toBe('student')
    expect(student.username).toMatch(/^[a-z]+-[a-z]+-\d+$/)
    expect(student.email ?? null).toBeNull()
    expect(student.displayName).toBe(student.username)
    expect(student.attributes?.firstName ?? null).toBeNull()
    expect(student.meta?.oauthFirstName ?? null).toBeNull()
    expect(student.hasPassword).toBe(false)
    expect(student.identities).toEqual([expect.objectContaining({ provider: 'district', district: 'alpha', subject: userId })])
    expect(student.identities?.[0]?.email ?? null).toBeNull()
    // No password and no username login: the district is how this student signs in.
    expect(student.providers).toEqual([{ provider: 'district', username: 'alpha' }])
    const again = await signIn('alpha', { sub: userId, user_id: userId, user_type: 'student' })
    expect(again).toMatchObject({ created: false, linked: false })
    expect(opened(again).id).toBe(student.id)
  })

  it("a teacher's first sign-in makes a teacher who logs in by the district's email, confirmed", async () => {
    const userId = id('tea')
    const email = `${userId}@alpha.k12.example`
    const teacher = opened(await signIn('alpha', { sub: userId, user_id: userId, user_type: 'teacher', email, given_name: 'Tess', family_name: 'Ing' }))
    expect(teacher).toMatchObject({ email, emailVerified: true, hasPassword: false, attributes: expect.objectContaining({ type: 'teacher' }) })
    expect(teacher.meta).toMatchObject({ oauthFirstName: 'Tess', oauthLastName: 'Ing', oauthEmail: email })
  })

  it("opens the account the district's roster import made for this user id, and links the identity", async () => {
    const sourcedId = id('roster')
    const rostered = await server.payload.create({
      collection: 'users',
      data: { username: id('rostered'), password: 'unused-password-1', attributes: { type: 'student' }, roster: { district: 'alpha', sourcedId } } as never,
      overrideAccess: true,
    })
    const outcome = await signIn('alpha', { sub: 'opaque-sub', user_id: sourcedId, user_type: 'student' })
    expect(outcome).toMatchObject({ created: false, linked: true })
    expect(opened(outcome).id).toBe(rostered.id)
    expect((await reread(rostered as User)).identities).toEqual([expect.objectContaining({ provider: 'district', district: 'alpha', subject: sourcedId })])
  })

  it('a user of district B never opens an account of district A: not by roster id, identity or email', async () => {
    const sourcedId = id('shared')
    const ofA = await server.payload.create({
      collection: 'users',
      data: { username: id('a-kid'), password: 'unused-password-1', attributes: { type: 'student' }, roster: { district: 'alpha', sourcedId } } as never,
      overrideAccess: true,
    })
    const fromB = await signIn('beta', { sub: sourcedId, user_id: sourcedId, user_type: 'student' })
    expect(fromB).toMatchObject({ created: true })
    expect(opened(fromB).id).not.toBe(ofA.id)

    // The same user id signed in at A first; B's sign-in with it is another person.
    const userId = id('both')
    const atA = opened(await signIn('alpha', { sub: userId, user_id: userId, user_type: 'student' }))
    expect(opened(await signIn('beta', { sub: userId, user_id: userId, user_type: 'student' })).id).not.toBe(atA.id)

    // An address of A's domain that B's provider claims (even "verified") is not B's to vouch for.
    const email = `${id('teach')}@alpha.k12.example`
    const teacherOfA = opened(await signIn('alpha', { sub: id('a'), user_id: id('a'), user_type: 'teacher', email }))
    const fromBWithAsEmail = await signIn('beta', { sub: id('b'), user_id: id('b'), user_type: 'teacher', email, email_verified: true })
    expect(opened(fromBWithAsEmail).id).not.toBe(teacherOfA.id)
    expect(opened(fromBWithAsEmail).email ?? null).toBeNull()
    expect(opened(fromBWithAsEmail).meta?.oauthEmail).toBe(email)
  })

  it("links a teacher's existing account by the district's email only once its owner confirmed it", async () => {
    const unconfirmedEmail = `${id('unconfirmed')}@alpha.k12.example`
    await server.payload.create({
      collection: 'users',
      data: { email: unconfirmedEmail, password: 'owner-password-1', emailVerified: false, attributes: { type: 'teacher' } } as never,
      overrideAccess: true,
    })
    expect(await signIn('alpha', { sub: id('u'), user_id: id('u'), user_type: 'teacher', email: unconfirmedEmail })).toEqual({ refused: 'district_account' })

    const email = `${id('confirmed')}@alpha.k12.example`
    const confirmed = await server.payload.create({
      collection: 'users',
      data: { email, password: 'owner-password-1', emailVerified: true, attributes: { type: 'teacher' } } as never,
      overrideAccess: true,
    })
    const linked = await signIn('alpha', { sub: id('c'), user_id: id('c'), user_type: 'teacher', email })
    expect(linked).toMatchObject({ created: false, linked: true })
    expect(opened(linked).id).toBe(confirmed.id)
  })

  it('opens an account only of the kind the district says, and refuses a role it was not told about', async () => {
    const sourcedId = id('kind')
    await server.payload.create({
      collection: 'users',
      data: { username: id('kid'), password: 'unused-password-1', attributes: { type: 'student' }, roster: { district: 'alpha', sourcedId } } as never,
      overrideAccess: true,
    })
    expect(await signIn('alpha', { sub: sourcedId, user_id: sourcedId, user_type: 'teacher', email: `${sourcedId}@alpha.k12.example` })).toEqual({
      refused: 'district_account',
    })
    expect(await signIn('alpha', { sub: id('admin'), user_id: id('admin'), user_type: 'district_admin' })).toEqual({ refused: 'district_role' })
  })

  it('a provider several districts share (Clever) opens accounts only for the district its settings name', async () => {
    expect(await signIn('clever-a', { sub: id('x'), user_id: id('x'), user_type: 'student', district: 'd-b' })).toEqual({ refused: 'district_account' })
    expect(opened(await signIn('clever-a', { sub: id('y'), user_id: id('y'), user_type: 'student', district: 'd-a' })).attributes?.type).toBe('student')
  })
})

describe('district sign-in routes', () => {
  it('an unknown or disabled district goes back to /login with a message code', async () => {
    for (const key of ['nowhere', 'epsilon', 'Not A Key']) {
      const res = await actors.anonymous().get(`/authenticate/district/${encodeURIComponent(key)}?redirect=%2Fmodules%2F1`)
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/login?error=district_unavailable&redirect=%2Fmodules%2F1')
    }
  })

  it('a callback without this browser’s flow, or with a state that is not its own, is refused as such', async () => {
    const res = await actors.anonymous().get('/authenticate/district/alpha/callback?code=abc&state=forged')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login?error=state')
  })
})

import { pbkdf2Sync, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { fileURLToPath } from 'node:url'

import { hash as argon2Hash } from '@node-rs/argon2'
import { verifyPasswordHash } from 'payload'
import { describe, expect, it } from 'vitest'

import { password } from './helpers/actors'
import { Client } from './helpers/client'
import { passwordChecksDuring } from './helpers/passwordChecks'
import { serverForFile } from './helpers/fileServer'

/**
 * Passwords are hashed with argon2id (OWASP's minimum: 12 MiB, 3 passes, 1 lane) on
 * every route that sets one, and accounts hashed earlier with PBKDF2 still log in and are moved
 * to argon2id by that login. The hashing is Payload's own, patched
 * (`patches/payload+3.90.1.patch`), so Payload's routes, the admin and ours share it.
 */

const { server, actors } = serverForFile({ env: { RATE_LIMIT_FACTOR: '100' } })

const argon2idHash = /^\$argon2id\$v=19\$m=12288,t=3,p=1\$[A-Za-z0-9+/]{43}\$[A-Za-z0-9+/]{43}$/

/** The stored hash and salt, read past Payload's field rules (they are hidden from every API). */
const stored = async (id: number | string) => {
  const row = (await server.payload.db.findOne({ collection: 'users', where: { id: { equals: id } } })) as { hash?: string; salt?: string } | null
  return { hash: row?.hash, salt: row?.salt }
}
const logIn = (login: string, pass: string, route = '/api/login') =>
  new Client(server.base).post(route, route === '/api/login' ? { username: login, password: pass } : { email: login, password: pass })

type OlderHash = 'pbkdf2-600k' | 'pbkdf2-25k' | 'argon2id-19MiB'

/**
 * Writes a hash the way Payload 3.90 (PBKDF2-SHA256, 600,000 rounds) or Payload 3.0–3.89 (25,000
 * rounds) did, or argon2id with other parameters (OWASP's first setting: 19 MiB, 2 passes).
 */
const setOlderHash = async (id: number | string, pass: string, kind: OlderHash) => {
  const salt = randomBytes(32).toString('hex')
  const hash =
    kind === 'pbkdf2-600k'
      ? `pbkdf2-sha256-v1:${pbkdf2Sync(pass, salt, 600_000, 32, 'sha256').toString('hex')}`
      : kind === 'pbkdf2-25k'
        ? pbkdf2Sync(pass, salt, 25_000, 512, 'sha256').toString('hex')
        : await argon2Hash(pass, { memoryCost: 19456, timeCost: 2, parallelism: 1 }) // argon2id, the default
  await server.payload.db.updateOne({ collection: 'users', id, data: { hash, salt } })
  return hash
}

describe('every route that sets a password stores argon2id, and that password logs in', () => {
  it('signup, the Local API, and a password change with the current password', async () => {
    const email = `h${Date.now().toString(36)}@example.org`
    const signup = await new Client(server.base).post('/api/signup', { providers: [{ provider: 'local', username: email, password }] })
    expect(signup.status).toBe(201)
    expect((await stored(signup.body.user.id)).hash).toMatch(argon2idHash)

    const teacher = await actors.educator()
    const before = await stored(teacher.user.id)
    expect(before.hash).toMatch(argon2idHash)
    expect(before.salt).toMatch(/^[0-9a-f]{64}$/)

    const changed = await teacher.patch(`/api/users/${teacher.user.id}`, { password: 'a-new-password-7', currentPassword: password })
    expect(changed.status).toBe(200)
    const after = await stored(teacher.user.id)
    expect(after.hash).toMatch(argon2idHash)
    expect(after.hash).not.toBe(before.hash)
    expect((await logIn(teacher.user.email, 'a-new-password-7')).status).toBe(200)
    expect((await logIn(teacher.user.email, password)).status).toBe(401)
  })

  it("a teacher's new students and a student's new password", async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const added = await teacher.post(`/api/classrooms/${classroom.id}/students`, { count: 2 })
    expect(added.status).toBe(201)
    for (const student of added.body.students) {
      expect((await stored(student.id)).hash).toMatch(argon2idHash)
      expect((await logIn(student.username, student.password)).status).toBe(200)
    }
    const [first] = added.body.students
    const reset = await teacher.post(`/api/classrooms/${classroom.id}/students/${first.id}/password`)
    expect(reset.status).toBe(200)
    expect((await stored(first.id)).hash).toMatch(argon2idHash)
    expect((await logIn(first.username, reset.body.password)).status).toBe(200)
    expect((await logIn(first.username, first.password)).status).toBe(401)
  })

  it("Payload's own reset-password route", async () => {
    const teacher = await actors.educator()
    const token = await server.payload.forgotPassword({ collection: 'users', data: { email: teacher.user.email }, disableEmail: true })
    const reset = await new Client(server.base).post('/api/users/reset-password', { token, password: 'reset-password-9' })
    expect(reset.status).toBe(200)
    expect((await stored(teacher.user.id)).hash).toMatch(argon2idHash)
    expect((await logIn(teacher.user.email, 'reset-password-9', '/api/users/login')).status).toBe(200)
  })
})

describe("an account hashed earlier (PBKDF2, or other argon2id settings) keeps working and moves to today's at its next login", () => {
  for (const kind of ['pbkdf2-600k', 'pbkdf2-25k', 'argon2id-19MiB'] as const) {
    for (const route of ['/api/login', '/api/users/login']) {
      it(`${kind} through ${route}: a wrong password changes nothing; the right one logs in and rehashes`, async () => {
        const teacher = await actors.educator()
        const old = await setOlderHash(teacher.user.id, password, kind)

        expect((await logIn(teacher.user.email, 'not-the-password', route)).status).toBe(401)
        expect((await stored(teacher.user.id)).hash).toBe(old)

        const res = await logIn(teacher.user.email, password, route)
        expect(res.status).toBe(200)
        expect((await stored(teacher.user.id)).hash).toMatch(argon2idHash)
        expect((await logIn(teacher.user.email, password, route)).status).toBe(200)
        expect((await logIn(teacher.user.email, 'not-the-password', route)).status).toBe(401)
      })
    }
  }

  it('the current-password check accepts a PBKDF2 hash and refuses a wrong password against it', async () => {
    const teacher = await actors.educator()
    await setOlderHash(teacher.user.id, password, 'pbkdf2-600k')
    const wrong = await teacher.patch(`/api/users/${teacher.user.id}`, { password: 'another-pass-3', currentPassword: 'not-the-password' })
    expect(wrong.status).toBe(400)
    const right = await teacher.patch(`/api/users/${teacher.user.id}`, { password: 'another-pass-3', currentPassword: password })
    expect(right.status).toBe(200)
    expect((await stored(teacher.user.id)).hash).toMatch(argon2idHash)
    expect((await logIn(teacher.user.email, 'another-pass-3')).status).toBe(200)
  })

  it('a stored hash that is neither form never logs in', async () => {
    const teacher = await actors.educator()
    await server.payload.db.updateOne({ collection: 'users', id: teacher.user.id, data: { hash: '$argon2id$v=19$m=12288,t=3,p=1$broken', salt: 'x' } })
    expect((await logIn(teacher.user.email, password)).status).toBe(401)
  })
})

describe('an unknown account costs one password check on every login path, the Local API (and so the admin panel) too', () => {
  it("Payload's login checks a password for an unknown account as it does for a wrong password of a known one", async () => {
    const teacher = await actors.educator()
    const login = (email: string) => server.payload.login({ collection: 'users', data: { email, password: 'not-the-password' } }).catch(() => undefined)
    expect(await passwordChecksDuring(() => login(teacher.user.email))).toBe(1)
    expect(await passwordChecksDuring(() => login(`nobody-${Date.now()}@example.org`))).toBe(1)
    expect(await passwordChecksDuring(() => login(`nobody-${Date.now()}-again@example.org`))).toBe(1)
  })
})

describe('a class logging in holds up nobody else', () => {
  it('a file read started behind 100 password checks ends before most of them (they run on threads of their own)', async () => {
    const teachersHash = await stored((await actors.educator()).user.id)
    let checked = 0
    const checks = Array.from({ length: 100 }, () => verifyPasswordHash(teachersHash, password).finally(() => checked++))
    // A file read goes through libuv's pool of four threads, as a static file, a compressed answer
    // or a host lookup does. Hashes on that pool would all run before it (~97 of them done).
    await fs.promises.readFile(fileURLToPath(import.meta.url))
    const checkedWhenReadEnded = checked
    expect(await Promise.all(checks)).toEqual(Array(100).fill(true))
    expect(checkedWhenReadEnded).toBeLessThan(20)
  })
})

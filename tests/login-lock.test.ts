import { describe, expect, it } from 'vitest'

import { messages } from '../collections/Users/endpoints/auth'
import { password } from './helpers/actors'
import { Client } from './helpers/client'
import { serverForFile } from './helpers/fileServer'

/**
 * The login lock counts tries per client address and login name (cms/auth/loginLock.ts): an unknown
 * name answers exactly as a known one, and an address that locks an account locks only itself out.
 * Addresses come from X-Forwarded-For behind one trusted proxy, as in the deployment guide.
 */

const { server, actors } = serverForFile({ env: { TRUST_PROXY: '1' } })

/** An anonymous client whose requests come from `address` (the proxy's X-Forwarded-For). */
const from = (address: string) => {
  const client = new Client(server.base)
  return {
    client,
    login: async (username: string, pass: string) => {
      const res = await client.request('POST', '/api/login', { username, password: pass }, { headers: { 'x-forwarded-for': address } })
      return { status: res.status, message: res.body?.errors?.[0]?.message ?? res.body?.message }
    },
  }
}

describe('the login lock', () => {
  it('answers an unknown account exactly as a known one, before and after the lock', async () => {
    const teacher = await actors.educator()
    const known = from('198.51.100.10')
    const unknown = from('198.51.100.11')
    const answers = { known: [] as unknown[], unknown: [] as unknown[] }
    for (let i = 0; i < 7; i++) {
      answers.known.push(await known.login(teacher.user.email, `wrong-password-${i}`))
      answers.unknown.push(await unknown.login('nobody-here@example.org', `wrong-password-${i}`))
    }
    expect(answers.known).toEqual(answers.unknown)
    expect(answers.known).toEqual([
      ...Array.from({ length: 5 }, () => ({ status: 401, message: messages.badCredentials })),
      { status: 429, message: messages.locked },
      { status: 429, message: messages.locked },
    ])
    // The known account's right password is refused from the address that failed, as the unknown's would be.
    expect(await known.login(teacher.user.email, password)).toEqual({ status: 429, message: messages.locked })
  })

  it('an address that locks a student out locks only itself: the student signs in from another address', async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)
    const username = student.user.username as string
    const attacker = from('203.0.113.66')
    for (let i = 0; i < 5; i++) expect((await attacker.login(username, `guess-${i}`)).status).toBe(401)
    expect(await attacker.login(username, password)).toEqual({ status: 429, message: messages.locked })
    expect((await from('203.0.113.7').login(username, password)).status).toBe(200)
    expect((await from('198.51.100.200').login(username, password)).status).toBe(200)
  })

  it("a teacher's new password for the student ends the lock at the teacher's address", async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)
    const school = '192.0.2.50'
    const classmate = from(school)
    for (let i = 0; i < 6; i++) await classmate.login(student.user.username, `guess-${i}`)
    expect((await classmate.login(student.user.username, password)).status).toBe(429)
    const reset = await teacher.request(
      'POST',
      `/api/classrooms/${classroom.id}/students/${student.user.id}/password`,
      {},
      { headers: { 'x-forwarded-for': school } },
    )
    expect(reset.status).toBe(200)
    expect((await from(school).login(student.user.username, reset.body.password)).status).toBe(200)
  })

  it('tries sent at once cannot slip past the count', async () => {
    const teacher = await actors.educator()
    const burst = from('198.51.100.77')
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => burst.login(teacher.user.email, `wrong-${i}`)))
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5)
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7)
    expect((await from('198.51.100.78').login(teacher.user.email, password)).status).toBe(200)
  })
})

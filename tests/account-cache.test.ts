import { describe, expect, it } from 'vitest'

import { password } from './helpers/actors'
import { Client } from './helpers/client'
import { serverForFile } from './helpers/fileServer'

/**
 * The signed-in account is kept in memory between its requests (cms/cache/accountCache.ts),
 * and every change to it, including those Payload writes without hooks, takes effect on the very
 * next request. Each case first makes the server keep the account, then changes it.
 */

const { server, actors } = serverForFile({ env: { RATE_LIMIT_FACTOR: '100' } })

/** Who the server thinks the client is (Payload's own route), twice so the second comes from the kept account. */
const whoAmI = async (client: Client) => {
  await client.get('/api/users/me')
  return ((await client.get('/api/users/me')).body as { user: { id: number | string } | null }).user
}

/** The user in the page data of the SPA's page. */
const pageUser = async (client: Client) => {
  const html = (await client.get('/')).body as string
  const json = /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1]
  return (JSON.parse(json ?? '{}') as { user: { attributes?: { classroom?: { name?: string } | null } } | null }).user
}

describe('a kept account follows every change on the next request', () => {
  it("a password reset by Payload's own operation (it writes the account without hooks) ends every session at once", async () => {
    const teacher = await actors.educator()
    const token = await server.payload.forgotPassword({ collection: 'users', data: { email: teacher.user.email }, disableEmail: true })
    expect(await whoAmI(teacher)).toMatchObject({ id: teacher.user.id })
    await server.payload.resetPassword({ collection: 'users', data: { token, password: 'brand-new-pass-5' }, overrideAccess: true })
    expect(await whoAmI(teacher)).toBeNull()
    expect((await teacher.put(`/api/users/${teacher.user.id}/theme`, { mode: 'night' })).status).toBe(401)
  })

  it('a logout ends that session only; a login elsewhere works at once, though the account was kept without it', async () => {
    const teacher = await actors.educator()
    const laptop = await actors.login(teacher.user.email)
    expect(await whoAmI(teacher)).toMatchObject({ id: teacher.user.id })
    expect(await whoAmI(laptop)).toMatchObject({ id: teacher.user.id })
    const phone = await actors.login(teacher.user.email)
    expect((await phone.get('/api/users/me')).body.user).toMatchObject({ id: teacher.user.id })
    expect((await laptop.get('/api/logout')).status).toBe(200)
    expect(await whoAmI(laptop)).toBeNull()
    expect(await whoAmI(teacher)).toMatchObject({ id: teacher.user.id })
    expect(await whoAmI(phone)).toMatchObject({ id: teacher.user.id })
  })

  it('a scope taken away by an administrator no longer opens the route it opened', async () => {
    const admin = await actors.staff('users:write')
    const reader = await actors.staff('users:read')
    const teacher = await actors.educator()
    const readTeacher = () => reader.get(`/api/users/${teacher.user.id}`)
    expect((await readTeacher()).status).toBe(200)
    expect((await readTeacher()).status).toBe(200)
    expect((await admin.patch(`/api/users/${reader.user.id}`, { scopes: [] })).status).toBe(200)
    expect([403, 404]).toContain((await readTeacher()).status)
  })

  it('a deleted account is signed out at once', async () => {
    const admin = await actors.staff('users:write')
    const teacher = await actors.educator()
    expect(await whoAmI(teacher)).toMatchObject({ id: teacher.user.id })
    expect((await admin.delete(`/api/users/${teacher.user.id}`)).status).toBe(200)
    expect(await whoAmI(teacher)).toBeNull()
  })

  it("a renamed classroom shows in its students' page data at once; a theme saved shows at the next login", async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)
    expect((await pageUser(student))?.attributes?.classroom?.name).toBe(classroom.name)
    expect((await pageUser(student))?.attributes?.classroom?.name).toBe(classroom.name)
    expect((await teacher.put(`/api/classrooms/${classroom.id}`, { name: 'Civics, period 3', code: classroom.code })).status).toBe(200)
    expect((await pageUser(student))?.attributes?.classroom?.name).toBe('Civics, period 3')

    const saved = await student.put(`/api/users/${student.user.id}/theme`, { mode: 'night', size: true })
    expect(saved.status).toBe(200)
    expect(saved.body.user).toMatchObject({ mode: 'night', size: true })
    expect(await pageUser(student)).toMatchObject({ mode: 'night', size: true })
    expect((await actors.login(student.user.username, password)).user).toMatchObject({ mode: 'night', size: true })
  })

  it("a login after its classroom is renamed answers the new name: the classroom kept from a classmate's login is not shown again", async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const [first, second] = [await actors.student(classroom.id), await actors.student(classroom.id)]
    const classroomOf = async (student: typeof first) =>
      ((await actors.login(student.user.username, password)).user as { attributes: { classroom: { name: string; code: string } } }).attributes.classroom
    expect(await classroomOf(first)).toMatchObject({ name: classroom.name, code: classroom.code })
    expect((await teacher.put(`/api/classrooms/${classroom.id}`, { name: 'Civics, period 4', code: classroom.code })).status).toBe(200)
    expect(await classroomOf(second)).toMatchObject({ name: 'Civics, period 4', code: classroom.code })
  })

  it("Payload's /api/users/me answers from the kept account what Payload's own read answers, and follows each change", async () => {
    const admin = await actors.staff('users:write')
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)
    type Me = { user: Record<string, unknown> & { attributes?: { firstName?: string; classroom?: unknown } } }
    const me = async (query = '') => (await student.get(`/api/users/me${query}`)).body as Me
    const first = await me()
    const kept = await me()
    expect(kept).toEqual(first)
    // The reader's own access, as Payload reads it: no session ids, no roster name, the classroom by id.
    expect(kept.user).not.toHaveProperty('sessions')
    expect(kept.user).not.toHaveProperty('rosterName')
    expect(kept.user.attributes?.classroom).toBe(classroom.id)
    // Any other read is Payload's own, every parameter as Payload reads it.
    const selected = (await me('?select[mode]=true')).user
    expect(selected).toMatchObject({ id: student.user.id, mode: first.user.mode })
    expect(selected).not.toHaveProperty('attributes')

    expect((await student.put(`/api/users/${student.user.id}/theme`, { mode: 'night' })).status).toBe(200)
    expect((await me()).user).toMatchObject({ mode: 'night' })
    expect((await admin.patch(`/api/users/${student.user.id}`, { attributes: { firstName: 'Renamed' } })).status).toBe(200)
    expect((await me()).user.attributes?.firstName).toBe('Renamed')
  })
})

import { beforeAll, describe, expect, it } from 'vitest'

import { Client } from './helpers/client'
import { topicWithModule } from './helpers/content'
import { serverForFile } from './helpers/fileServer'

/** The public-read cache and HTTP caching of content (cms/cache/publicCache.ts). */
let topicId: number
let moduleId: number

const { server, actors } = serverForFile()
beforeAll(async () => {
  ;({ topicId, moduleId } = await topicWithModule(server.payload, { topic: 'Voting', module: 'Ballots', activity: 'Mark a ballot' }))
})

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.base + path, { headers })

describe('public content over HTTP', () => {
  it('is compressed, carries an ETag that a revalidation answers with 304, and may be kept only if asked again', async () => {
    const path = '/api/topics?sort=order&depth=2&limit=100'
    // A browser's header lists gzip first, all equally wanted: brotli is sent, the smaller.
    for (const [accept, encoding] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
    ]) {
      const res = await get(path, { 'accept-encoding': accept })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBe(encoding)
      expect((await res.json()).docs[0].title).toBe('Voting')
    }
    const first = await get(path)
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^W\/"/)
    expect(first.headers.get('set-cookie')).toBeNull()
    expect(first.headers.get('cache-control')).toBe('public, no-cache')
    expect(first.headers.get('vary')).toMatch(/Authorization/)
    // Answered from memory ahead of the app, with the headers every answer carries.
    expect(first.headers.get('x-public-cache')).toBe('hit')
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(first.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    const again = await get(path, { 'if-none-match': etag as string })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it("shows an editor's change on the next request, through REST and through the Local API", async () => {
    const path = `/api/topics/${topicId}?depth=2`
    const before = await get(path)
    expect((await before.json()).title).toBe('Voting')
    const etag = before.headers.get('etag') as string

    const editor = await actors.staff('topics:write', 'modules:write')
    expect((await editor.patch(`/api/topics/${topicId}`, { title: 'Voting rights' })).status).toBe(200)
    const afterRest = await get(path, { 'if-none-match': etag })
    expect(afterRest.status).toBe(200)
    expect((await afterRest.json()).title).toBe('Voting rights')

    // A change to another collection shows in this answer too (the topic lists its modules).
    await server.payload.update({ collection: 'modules', id: moduleId, data: { title: 'Ballots and counts' } as never, overrideAccess: true })
    const afterLocal = await (await get(path)).json()
    expect(afterLocal.modules.docs.map((m: { title: string }) => m.title)).toEqual(['Ballots and counts'])

    const page = await server.payload.create({
      collection: 'pages',
      data: { slug: 'cached-page', title: 'Before', markdown: 'Text' } as never,
      overrideAccess: true,
    })
    expect((await (await get('/api/pages/slug/cached-page')).json()).title).toBe('Before')
    await server.payload.delete({ collection: 'pages', id: page.id, overrideAccess: true })
    expect((await get('/api/pages/slug/cached-page')).status).toBe(404)
  })

  it('never gives a signed-in answer to a visitor, and stops giving one to a token once it is logged out', async () => {
    const path = `/api/modules/${moduleId}?depth=3`
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)
    student.bearer = true

    expect((await (await get(path)).json()).activities).toBeUndefined()
    const signedIn = await student.get(path)
    expect(signedIn.body.activities.docs.map((a: { title: string }) => a.title)).toEqual(['Mark a ballot'])
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache')
    expect((await (await get(path)).json()).activities).toBeUndefined()
    // The same answer again for the signed-in reader (now from memory).
    expect((await student.get(path)).body.activities.docs).toHaveLength(1)

    // The same student signed in on a second device, and a classmate: both read as members too.
    const secondDevice = await actors.login(student.user.username)
    const classmate = await actors.student(classroom.id)
    const memberRead = async (token: string) => {
      const res = await get(path, { authorization: `Bearer ${token}` })
      return { cacheControl: res.headers.get('cache-control'), activities: (await res.json()).activities?.docs.length }
    }
    const asMember = { cacheControl: 'private, no-cache', activities: 1 }
    for (const reader of [secondDevice, classmate]) expect(await memberRead(reader.token as string)).toEqual(asMember)

    expect((await student.post('/api/logout')).status).toBe(200)
    expect(await memberRead(student.token as string)).toEqual({ cacheControl: 'public, no-cache', activities: undefined })
    // The logout ended one session: the other device and the classmate still read as members.
    for (const reader of [secondDevice, classmate]) expect(await memberRead(reader.token as string)).toEqual(asMember)
  })

  it('answers a bad or missing read as Payload does, and keeps no error', async () => {
    const missing = await get('/api/topics/999999')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('x-public-cache')).toBeNull()
    const bad = await get('/api/topics?where[order][equals]=not-a-number')
    expect(bad.status).toBe(400)
    expect((await bad.json()).errors[0].message).toBeTruthy()
  })

  it("keeps nothing that is a person's own: their account is answered by Payload each time, never as public", async () => {
    const teacher = await actors.educator()
    const me = await teacher.get('/api/users/me')
    expect(me.body.user.id).toBe(teacher.user.id)
    expect(me.headers.get('x-public-cache')).toBeNull()
    expect(me.headers.get('cache-control') ?? '').not.toMatch(/public/)
    const anonymous = await new Client(server.base).get('/api/users/me')
    expect(anonymous.body.user).toBeNull()
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { recordingAccountReads } from './helpers/accountReads'
import { Actors } from './helpers/actors'
import { topicWithModule } from './helpers/content'
import { startServer, type TestServer } from './helpers/server'

/**
 * The product with the cache plugin switched off (CACHE_ENABLED=false, cms/cache/index.ts): every
 * read goes to Payload, and content, sign-in, sessions and account changes work as with it on.
 */
let server: TestServer
let actors: Actors
let topicId: number

beforeAll(async () => {
  server = await startServer({ env: { CACHE_ENABLED: 'false', RATE_LIMIT_FACTOR: '100' } })
  actors = new Actors(server.payload, server.base)
  ;({ topicId } = await topicWithModule(server.payload, { topic: 'Voting', module: 'Ballots', activity: 'Mark a ballot' }))
})
afterAll(() => server?.close())

const get = (path: string) => fetch(server.base + path)

describe('with the cache plugin off', () => {
  it('public content is answered by Payload each time, and an edit shows on the next request', async () => {
    const path = `/api/topics/${topicId}?depth=2`
    for (let i = 0; i < 2; i++) {
      const res = await get(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('x-public-cache')).toBeNull()
      expect((await res.json()).title).toBe('Voting')
    }
    const editor = await actors.staff('topics:write')
    expect((await editor.patch(`/api/topics/${topicId}`, { title: 'Voting rights' })).status).toBe(200)
    expect((await (await get(path)).json()).title).toBe('Voting rights')
  })

  it("a signed-in request reads the account every time, and Payload's own /me and the page's data answer", async () => {
    const teacher = await actors.educator()
    await teacher.get('/api/users/me')
    let me: { status: number; body: { user?: { id?: unknown } | null } } | undefined
    const reads = await recordingAccountReads(server.payload, async () => {
      me = await teacher.get('/api/users/me')
    })
    expect(me?.status).toBe(200)
    expect(me?.body.user?.id).toBe(teacher.user.id)
    expect(reads.length).toBeGreaterThan(0)
    // The page's data, built from the account as the client sees it (cms/http/pageData.ts).
    const html = (await teacher.get('/')).body as string
    const json = /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1]
    expect((JSON.parse(json ?? '{}') as { user?: { id?: unknown } | null }).user?.id).toBe(teacher.user.id)
  })

  it('a logout, a password reset and a theme change take effect on the next request', async () => {
    const teacher = await actors.educator()
    const laptop = await actors.login(teacher.user.email)
    expect((await laptop.get('/api/logout')).status).toBe(200)
    expect((await laptop.get('/api/users/me')).body.user).toBeNull()
    expect((await teacher.get('/api/users/me')).body.user).toMatchObject({ id: teacher.user.id })

    expect((await teacher.put(`/api/users/${teacher.user.id}/theme`, { mode: 'night' })).status).toBe(200)
    expect((await teacher.get('/api/users/me')).body.user).toMatchObject({ mode: 'night' })

    const token = await server.payload.forgotPassword({ collection: 'users', data: { email: teacher.user.email }, disableEmail: true })
    await server.payload.resetPassword({ collection: 'users', data: { token, password: 'brand-new-pass-5' }, overrideAccess: true })
    expect((await teacher.get('/api/users/me')).body.user).toBeNull()
  })
})

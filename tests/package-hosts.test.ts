/**
 * What a package's pages may reach, through real HTTP: the content origin's policy on a package's
 * pages (the content origin, the product's LRS and the hosts staff allowed, nothing else), the
 * allowed hosts staff set on the activity, and the reports of what the browser blocked, recorded
 * per package and host for staff only.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { type Client, fieldMessages, message } from './helpers/client'
import { serverForFile } from './helpers/fileServer'
import { buildPackage } from './helpers/packages'
import { emptyModule, activityWithPackage } from './helpers/content'

const { server, actors } = serverForFile()
let editor: Client
let moduleId: number
let seq = 0

beforeAll(async () => {
  editor = await actors.staff('activities:write')
  moduleId = await emptyModule(server.payload)
})

const packageActivity = async () => activityWithPackage(server.payload, editor, moduleId, await buildPackage('xapi'), `Quiz ${++seq}`)

/** The policy of a package's launch page, as the student's browser receives it. */
const pagePolicy = async (id: number | string) => {
  const res = await fetch(`${server.contentBase}/uploads/${id}/storyline/story.html`)
  expect(res.status).toBe(200)
  await res.arrayBuffer()
  return Object.fromEntries(
    (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  ) as Record<string, string[]>
}

const report = (id: number | string, blockedUri: unknown, directive = 'connect-src', type = 'application/csp-report') =>
  fetch(`${server.contentBase}/blocked-requests/${id}`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: JSON.stringify({
      'csp-report': {
        'document-uri': `${server.contentBase}/uploads/${id}/storyline/story.html?auth=secret`,
        'blocked-uri': blockedUri,
        'effective-directive': directive,
      },
    }),
  })

const blockedOf = async (id: number | string) => {
  const res = await editor.get(`/api/blocked-requests?where[activity][equals]=${id}&limit=100&depth=0`)
  expect(res.status).toBe(200)
  return res.body.docs as { host: string; directive: string; count: number }[]
}

describe("a package's pages reach only the content origin and the product", () => {
  it('allows the content origin, the product (its LRS) and nothing outside, and names where to report', async () => {
    const id = await packageActivity()
    const policy = await pagePolicy(id)
    const product = new URL(server.base).origin
    expect(policy['default-src']).toEqual(["'self'"])
    expect(policy['connect-src']).toEqual(["'self'", product])
    for (const directive of ['img-src', 'media-src', 'font-src', 'frame-src', 'form-action']) expect(policy[directive]?.[0], directive).toBe("'self'")
    for (const directive of ['img-src', 'media-src', 'font-src', 'frame-src', 'form-action', 'script-src', 'style-src'])
      expect(
        policy[directive]?.some((source) => /^https?:|\./.test(source) && !source.startsWith(product)),
        directive,
      ).toBe(false)
    expect(policy['report-uri']).toEqual([`/blocked-requests/${id}`])
    expect(policy['frame-ancestors']).toContain(product)
    // Its other files keep only the framing rule: the policy is the page's.
    const script = await fetch(`${server.contentBase}/uploads/${id}/storyline/tincan.xml`)
    await script.arrayBuffer()
    expect(script.headers.get('content-security-policy')).not.toContain('connect-src')
  })

  it('adds the hosts staff allowed for that package, and only for that package', async () => {
    const id = await packageActivity()
    const other = await packageActivity()
    const saved = await editor.patch(`/api/activities/${id}`, { allowedHosts: ['LRS.District.example.org', 'cdn.example.net:8443'] })
    expect(saved.status).toBe(200)
    expect(saved.body.doc.allowedHosts).toEqual(['lrs.district.example.org', 'cdn.example.net:8443'])
    const policy = await pagePolicy(id)
    expect(policy['connect-src']).toContain('lrs.district.example.org')
    expect(policy['img-src']).toContain('cdn.example.net:8443')
    expect((await pagePolicy(other))['connect-src']).not.toContain('lrs.district.example.org')
    // Taken away, the host is blocked again from the next open.
    expect((await editor.patch(`/api/activities/${id}`, { allowedHosts: [] })).status).toBe(200)
    expect((await pagePolicy(id))['connect-src']).not.toContain('lrs.district.example.org')
  })

  it('refuses an allowed host that is not a plain host name, saying why', async () => {
    const id = await packageActivity()
    for (const bad of ['https://lrs.example.org', 'lrs.example.org/xapi', '*.example.org', 'localhost', "lrs.example.org 'unsafe-inline'"]) {
      const res = await editor.patch(`/api/activities/${id}`, { allowedHosts: [bad] })
      expect(res.status, bad).toBe(400)
      expect(fieldMessages(res).allowedHosts, bad).toMatch(/is not a host name: write it like metrics\.example\.org/)
    }
    const twice = await editor.patch(`/api/activities/${id}`, { allowedHosts: ['a.example.org', 'A.example.org'] })
    expect(twice.status).toBe(400)
    expect(fieldMessages(twice).allowedHosts).toBe('Each allowed host may be listed once.')
    expect((await pagePolicy(id))['connect-src']).not.toContain('a.example.org')
  })

  it('lets only staff who edit activities set allowed hosts', async () => {
    const id = await packageActivity()
    const teacher = await actors.educator()
    for (const [who, client] of [
      ['visitor', actors.anonymous()],
      ['teacher', teacher],
      ['pages editor', await actors.staff('pages:write')],
    ] as const) {
      const res = await client.patch(`/api/activities/${id}`, { allowedHosts: ['evil.example.org'] })
      expect([401, 403], who).toContain(res.status)
    }
    expect((await pagePolicy(id))['connect-src']).not.toContain('evil.example.org')
  })
})

describe('what the browser blocked is recorded per package and host, for staff', () => {
  it('records the host of each report (never the address), from either report format', async () => {
    const id = await packageActivity()
    expect((await report(id, 'https://metrics.articulate.com/v1/track?user=ana')).status).toBe(204)
    expect((await report(id, 'https://lrs.outside.example.com/xapi/statements', 'connect-src')).status).toBe(204)
    // The Reporting API's list form too.
    const listed = await fetch(`${server.contentBase}/blocked-requests/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/reports+json' },
      body: JSON.stringify([{ type: 'csp-violation', body: { blockedURL: 'https://images.example.net/a.png', effectiveDirective: 'img-src' } }]),
    })
    expect(listed.status).toBe(204)
    await expect
      .poll(async () => (await blockedOf(id)).map((row) => row.host).sort(), { timeout: 10_000 })
      .toEqual(['images.example.net', 'lrs.outside.example.com', 'metrics.articulate.com'])
    const rows = await blockedOf(id)
    expect(rows.find((row) => row.host === 'images.example.net')?.directive).toBe('img-src')
    expect(JSON.stringify(rows)).not.toMatch(/user=ana|secret|track/)
  })

  it('ignores what names no outside host, and reports for what is not a package', async () => {
    const id = await packageActivity()
    for (const blocked of ['inline', 'eval', 'self', '', 42, 'data:image/png;base64,AAAA']) expect((await report(id, blocked)).status).toBe(204)
    const page = await server.payload.create({
      collection: 'activities',
      data: { title: 'Reading', type: 'default', markdown: 'Body', module: moduleId } as never,
      overrideAccess: true,
    })
    expect((await report(page.id, 'https://metrics.articulate.com/')).status).toBe(204)
    expect((await report(999_999, 'https://metrics.articulate.com/')).status).toBe(204)
    expect((await report('not-an-id', 'https://metrics.articulate.com/')).status).toBe(204)
    // A real report afterwards shows the route was working all along.
    expect((await report(id, 'https://after.example.org/')).status).toBe(204)
    await expect.poll(async () => (await blockedOf(id)).map((row) => row.host), { timeout: 10_000 }).toEqual(['after.example.org'])
    expect(await blockedOf(page.id)).toEqual([])
  })

  it('answers a body it cannot read with a 4xx that says so', async () => {
    const id = await packageActivity()
    const broken = await fetch(`${server.contentBase}/blocked-requests/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: '{"csp-report":',
    })
    expect(broken.status).toBe(400)
    expect(await broken.text()).toBe('The request body could not be read.')
    const huge = await fetch(`${server.contentBase}/blocked-requests/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({ 'csp-report': { 'blocked-uri': `https://x.example.org/${'a'.repeat(20_000)}` } }),
    })
    expect(huge.status).toBe(413)
    expect(await huge.text()).toBe('The request body is too large.')
  })

  it('keeps at most fifty hosts per package', async () => {
    const id = await packageActivity()
    for (let i = 0; i < 60; i++) expect((await report(id, `https://host${i}.example.org/`)).status).toBe(204)
    await expect.poll(async () => (await blockedOf(id)).length, { timeout: 15_000 }).toBe(50)
  })

  it('shows the records to staff who edit activities only; nobody writes them through the API; they go with the activity', async () => {
    const id = await packageActivity()
    expect((await report(id, 'https://metrics.articulate.com/')).status).toBe(204)
    await expect.poll(async () => (await blockedOf(id)).length, { timeout: 10_000 }).toBe(1)
    const [row] = (await editor.get(`/api/blocked-requests?where[activity][equals]=${id}&depth=0`)).body.docs
    const teacher = await actors.educator()
    for (const [who, client] of [
      ['visitor', actors.anonymous()],
      ['teacher', teacher],
      ['users reader', await actors.staff('users:read')],
    ] as const) {
      const list = await client.get(`/api/blocked-requests?where[activity][equals]=${id}`)
      expect([401, 403], who).toContain(list.status)
      expect([401, 403, 404], who).toContain((await client.get(`/api/blocked-requests/${row.id}`)).status)
    }
    const created = await editor.post('/api/blocked-requests', { activity: id, host: 'made.example.org', count: 1, lastSeen: new Date().toISOString() })
    expect(created.status).toBe(403)
    expect(message(created)).toMatch(/not allowed/i)
    expect((await editor.patch(`/api/blocked-requests/${row.id}`, { host: 'changed.example.org' })).status).toBe(403)
    expect((await (await actors.staff('activities:delete')).delete(`/api/activities/${id}`)).status).toBe(200)
    const { totalDocs } = await server.payload.count({ collection: 'blocked-requests', where: { activity: { equals: id } }, overrideAccess: true })
    expect(totalDocs).toBe(0)
  })
})

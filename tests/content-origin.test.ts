/**
 * The content origin follows the address the product was reached at, through real HTTP: with
 * nothing configured, a product reached at localhost hands out packages on 127.0.0.1 and the
 * reverse (another site, so a package cannot set cookies the product reads); the launcher's and
 * the package files' `frame-ancestors` name the product's addresses and never `*`; the redirect
 * of the spec's path, the LRS endpoint and its CORS origin follow too (and X-Forwarded-* with
 * TRUST_PROXY). With PUBLIC_URL (and EXTRA_PUBLIC_URLS) set, only those addresses open a package;
 * any other gets a refusal that says what to do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Actors } from './helpers/actors'
import { Client, message } from './helpers/client'
import { buildPackage, type PackageKind } from './helpers/packages'
import { serverForFile } from './helpers/fileServer'
import { activityWithPackage, emptyModule } from './helpers/content'

let editor: Client
let student: Client & { user: any }
let productPort: string
let contentPort: string
const activities = {} as Record<'scorm12' | 'xapi', number>

const { server } = serverForFile({
  env: { PUBLIC_URL: undefined, CONTENT_URL: undefined, EXTRA_PUBLIC_URLS: undefined, TRUST_PROXY: '1', RATE_LIMIT_FACTOR: '50' },
})
beforeAll(async () => {
  productPort = new URL(server.base).port
  contentPort = new URL(server.contentBase).port
  // The in-process content app listens on a port of its own; it is the content port the addresses are derived with.
  process.env.CONTENT_PORT = contentPort
  const actors = new Actors(server.payload, server.base)
  editor = await actors.staff('activities:write')
  const teacher = await actors.educator()
  student = await actors.student((await actors.classroom(teacher)).id)
  const moduleId = await emptyModule(server.payload)
  for (const kind of ['scorm12', 'xapi'] as const)
    activities[kind] = await activityWithPackage(server.payload, editor, moduleId, await buildPackage(kind as PackageKind), `Quiz ${kind}`)
}, 120_000)
afterAll(async () => {
  for (const name of ['CONTENT_PORT', 'PUBLIC_URL', 'EXTRA_PUBLIC_URLS', 'CONTENT_URL']) delete process.env[name]
})

/** The student's session, at another address of the same server. */
const studentAt = (base: string) => {
  const client = new Client(base)
  client.cookies = new Map([...student.cookies, ['XSRF-TOKEN', client.csrf]])
  return client
}
const open = (base: string, kind: 'scorm12' | 'xapi' = 'scorm12', headers: Record<string, string> = {}) =>
  studentAt(base).request('POST', `/api/activities/${activities[kind]}/open`, {}, { headers })

const frameAncestors = (res: Response) => /frame-ancestors ([^;]*)/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
const launcherProductOrigin = async (res: Response) => /name="civics-product-origin" content="([^"]*)"/.exec(await res.text())?.[1]

const openCount = async () =>
  (
    await server.payload.find({
      collection: 'attempts',
      where: { and: [{ student: { equals: student.user.id } }, { activity: { equals: activities.scorm12 } }] },
      overrideAccess: true,
      depth: 0,
    })
  ).docs[0]?.openCount ?? 0

describe("a package's own cookies", () => {
  it('never stop its origin serving: a request carrying every cookie a browser keeps for a site is answered', async () => {
    const launch = (await open(server.base)).body.launch
    // What a package that writes past the storage shim can leave: as many cookies, as large, as Chromium keeps for one site.
    const cookie = Array.from({ length: 180 }, (_, i) => `flood${i}=${'x'.repeat(4000)}`).join('; ')
    for (const url of [launch.packageUrl, launch.launcherUrl]) {
      const res = await fetch(url, { headers: { cookie } })
      expect(res.status, url).toBe(200)
    }
  })
})

describe('with PUBLIC_URL unset, the addresses follow the request', () => {
  it.each([
    ['127.0.0.1', 'localhost'],
    ['localhost', '127.0.0.1'],
  ])('reached at %s, packages are served from %s on CONTENT_PORT', async (productHost, contentHost) => {
    const product = `http://${productHost}:${productPort}`
    const content = `http://${contentHost}:${contentPort}`
    const res = await open(product)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const launch = res.body.launch
    expect(launch.contentOrigin).toBe(content)
    expect(launch.launcherUrl).toBe(`${content}/launch/${activities.scorm12}?product=${encodeURIComponent(product)}`)
    expect(launch.packageUrl).toMatch(new RegExp(`^${content}/uploads/${activities.scorm12}/storyline/v[0-9a-z]+/index_lms\\.html$`))

    // The launcher answers to that product address alone, and only it may frame it.
    const launcher = await fetch(launch.launcherUrl)
    expect(launcher.status).toBe(200)
    expect(frameAncestors(launcher)).toBe(`'self' ${product}`)
    expect(await launcherProductOrigin(launcher)).toBe(product)

    // The package's files (framed inside the launcher, inside the product) name the product's host.
    const file = await fetch(launch.packageUrl)
    expect(file.status).toBe(200)
    expect(frameAncestors(file)).toBe(`'self' http://${productHost}:*`)

    // The spec's path on the product forwards to this address's content origin.
    const redirect = await studentAt(product).get(`/uploads/${activities.scorm12}/storyline/story.html`)
    expect(redirect.status).toBe(302)
    expect(redirect.headers.get('location')).toBe(`${content}/uploads/${activities.scorm12}/storyline/story.html`)
  })

  it('an xAPI launch names the LRS at the address the product was reached at, which answers CORS for its content origin alone', async () => {
    const product = `http://localhost:${productPort}`
    const content = `http://127.0.0.1:${contentPort}`
    const launch = (await open(product, 'xapi')).body.launch
    const params = new URL(launch.packageUrl).searchParams
    expect(params.get('endpoint')).toBe(`${product}/api/xapi/`)
    const preflight = (origin: string) =>
      fetch(`${product}/api/xapi/statements`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } })
    const allowed = await preflight(content)
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(content)
    // The product's own host on the content port (the old default) is not the content origin any more.
    for (const other of [`http://localhost:${contentPort}`, 'http://evil.test']) {
      const refused = await preflight(other)
      expect(refused.headers.get('access-control-allow-origin'), other).toBeNull()
    }
  })

  it('behind a proxy (TRUST_PROXY), X-Forwarded-Proto and X-Forwarded-Host give the addresses', async () => {
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'civics.school.example' }
    const launch = (await open(server.base, 'xapi', forwarded)).body.launch
    expect(launch.contentOrigin).toBe(`https://civics.school.example:${contentPort}`)
    expect(launch.launcherUrl).toBe(
      `https://civics.school.example:${contentPort}/launch/${activities.xapi}?product=${encodeURIComponent('https://civics.school.example')}`,
    )
    expect(new URL(launch.packageUrl).searchParams.get('endpoint')).toBe('https://civics.school.example/api/xapi/')
    const file = await fetch(`${server.contentBase}/uploads/${activities.scorm12}/storyline/index_lms.html`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': `civics.school.example:${contentPort}` },
    })
    expect(frameAncestors(file)).toBe(`'self' https://civics.school.example:*`)
  })

  it("a launcher URL naming another site's address is framed by nobody but itself and talks to nobody", async () => {
    const launcher = await fetch(`http://localhost:${contentPort}/launch/${activities.scorm12}?product=${encodeURIComponent('http://evil.test')}`)
    expect(frameAncestors(launcher)).toBe(`'self'`)
    expect(await launcherProductOrigin(launcher)).toBe('')
  })

  it('a Host that is not a host name never reaches the header, and nothing is ever framed by *', async () => {
    const file = await fetch(`${server.contentBase}/uploads/${activities.scorm12}/storyline/index_lms.html`, {
      headers: { 'x-forwarded-host': "evil.test 'unsafe-inline' *" },
    })
    expect(file.status).toBe(200)
    expect(frameAncestors(file)).toBe(`'self'`)
  })

  it('at [::1], which a frame-ancestors source cannot name, the quiz refuses to open and names localhost instead', async () => {
    const before = await openCount()
    const res = await open(server.base, 'scorm12', { 'x-forwarded-host': `[::1]:${productPort}` })
    expect(res.status).toBe(403)
    expect(message(res)).toBe(`This quiz can’t open at this address (http://[::1]:${productPort}). Open Civics360 at http://localhost:${productPort} instead.`)
    expect(res.body.errors[0].data).toEqual({ reason: 'address', address: `http://[::1]:${productPort}`, openAt: `http://localhost:${productPort}` })
    expect(await openCount()).toBe(before)
  })
})

describe('with PUBLIC_URL and EXTRA_PUBLIC_URLS set, only those addresses open a package', () => {
  beforeAll(() => {
    process.env.PUBLIC_URL = `http://localhost:${productPort}`
    process.env.EXTRA_PUBLIC_URLS = `http://127.0.0.1:${productPort}`
  })
  afterAll(() => {
    delete process.env.PUBLIC_URL
    delete process.env.EXTRA_PUBLIC_URLS
  })

  it.each([
    ['localhost', '127.0.0.1'],
    ['127.0.0.1', 'localhost'],
  ])('at %s: packages on %s, framed by that address alone', async (productHost, contentHost) => {
    const product = `http://${productHost}:${productPort}`
    const content = `http://${contentHost}:${contentPort}`
    const launch = (await open(product)).body.launch
    expect(launch.contentOrigin).toBe(content)
    // One product address per content origin: the launcher knows it without being told.
    expect(launch.launcherUrl).toBe(`${content}/launch/${activities.scorm12}`)
    const launcher = await fetch(launch.launcherUrl)
    expect(frameAncestors(launcher)).toBe(`'self' ${product}`)
    expect(await launcherProductOrigin(launcher)).toBe(product)
    expect(frameAncestors(await fetch(launch.packageUrl))).toBe(`'self' ${product}`)
  })

  it('an address outside the list gets the reason and what IT can do, and no open is counted', async () => {
    const before = await openCount()
    const res = await open(server.base, 'scorm12', { 'x-forwarded-host': `10.0.0.5:${productPort}` })
    expect(res.status).toBe(403)
    expect(message(res)).toBe(
      `This quiz can’t open at this address (http://10.0.0.5:${productPort}). Ask your IT team to open Civics360 at http://localhost:${productPort}, or to add this address to EXTRA_PUBLIC_URLS.`,
    )
    expect(res.body.errors[0].data).toEqual({
      reason: 'address',
      address: `http://10.0.0.5:${productPort}`,
      openAt: `http://localhost:${productPort}`,
      setting: 'EXTRA_PUBLIC_URLS',
    })
    expect(await openCount()).toBe(before)
    // The content origin does not let that address frame packages either.
    const file = await fetch(`http://127.0.0.1:${contentPort}/uploads/${activities.scorm12}/storyline/index_lms.html`)
    expect(frameAncestors(file)).toBe(`'self' http://localhost:${productPort}`)
    // Its redirect of the spec's path goes to PUBLIC_URL's content origin.
    const redirect = await studentAt(server.base).request('GET', `/uploads/${activities.scorm12}/storyline/story.html`, undefined, {
      headers: { 'x-forwarded-host': `10.0.0.5:${productPort}` },
    })
    expect(redirect.headers.get('location')).toBe(`http://127.0.0.1:${contentPort}/uploads/${activities.scorm12}/storyline/story.html`)
  })

  it('with CONTENT_URL shared by both addresses, the launcher URL names the product address, and the files name both', async () => {
    process.env.CONTENT_URL = `http://content.test:${contentPort}`
    try {
      const product = `http://127.0.0.1:${productPort}`
      const launch = (await open(product)).body.launch
      expect(launch.contentOrigin).toBe(`http://content.test:${contentPort}`)
      expect(launch.launcherUrl).toBe(`http://content.test:${contentPort}/launch/${activities.scorm12}?product=${encodeURIComponent(product)}`)
      const launcher = await fetch(`${server.contentBase}${new URL(launch.launcherUrl).pathname}${new URL(launch.launcherUrl).search}`)
      expect(frameAncestors(launcher)).toBe(`'self' ${product}`)
      const file = await fetch(`${server.contentBase}/uploads/${activities.scorm12}/storyline/index_lms.html`)
      expect(frameAncestors(file)).toBe(`'self' http://localhost:${productPort} ${product}`)
    } finally {
      delete process.env.CONTENT_URL
    }
  })
})

import http from 'node:http'
import zlib from 'node:zlib'

import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { baseURL, freshPagePerTest, visible } from './browser'

/** How pages load: compressed files and answers, and pages that do not jump while loading. */
let page: Page
freshPagePerTest((session) => ({ page } = session))

/** The raw bytes and headers of a GET (fetch() would decompress and hide the encoding). */
const raw = (path: string, encoding: string) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${baseURL()}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })

/** The layout shift a visitor sees while the page at `path` loads (the browser's own CLS entries). */
const layoutShift = async (path: string, ready: () => Promise<unknown>) => {
  await page.addInitScript(() => {
    const shifts: number[] = []
    ;(window as unknown as { __shifts: number[] }).__shifts = shifts
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  await page.goto(path)
  await ready()
  await page.waitForLoadState('networkidle')
  return page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((sum, value) => sum + value, 0))
}

describe('loading', () => {
  it("sends the web app's files precompressed and other text compressed, whichever the browser accepts", async () => {
    // Text made per request (here a list the public-read cache does not hold) is compressed on the way out.
    const media = await raw('/api/media?limit=100', 'gzip')
    expect(media.headers['content-encoding']).toBe('gzip')
    expect(media.headers['x-public-cache']).toBeUndefined()
    expect(JSON.parse(zlib.gunzipSync(media.body).toString('utf8')).docs.length).toBeGreaterThan(0)

    const html = await raw('/', 'identity')
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html.body.toString('utf8'))?.[1]
    expect(entry).toMatch(/^\/assets\/index-.+\.js$/)

    const plain = await raw(entry as string, 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    const br = await raw(entry as string, 'gzip, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers['cache-control']).toMatch(/immutable/)
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true)
    expect(br.body.length).toBeLessThan(plain.body.length / 2)
    const gz = await raw(entry as string, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true)
  })

  it("sends its libraries' production builds: React Router's development checks are not in the app's script", async () => {
    const html = await raw('/login', 'identity')
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html.body.toString('utf8'))?.[1]
    const script = (await raw(entry as string, 'identity')).body.toString('utf8')
    // The router is in the entry (the pages are not), and a warning only its development build prints is not.
    expect(script.includes('useNavigate'), 'the router is in the entry').toBe(true)
    expect(script.includes('No routes matched location'), "React Router's development build is in the entry").toBe(false)
  })

  it("sends the app's styles inside the page: the sign-in page is styled without a stylesheet request", async () => {
    const stylesheets: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(request.url())
    })
    await page.goto('/login')
    const header = page.locator('.site-header')
    await header.waitFor()
    expect(await header.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)')
    expect(stylesheets).toEqual([])
  })

  it('keeps the home page, a topic page and the login page still while they load (CLS ≤ 0.02 on a phone-sized screen)', async () => {
    await page.setViewportSize({ width: 412, height: 823 })
    expect(await layoutShift('/', () => visible(page.getByRole('heading', { level: 3, name: 'The Constitution' })))).toBeLessThanOrEqual(0.02)
    await page.getByRole('link', { name: 'The Constitution' }).first().click()
    const topicPath = new URL(page.url()).pathname
    expect(await layoutShift(topicPath, () => visible(page.getByRole('heading', { level: 2, name: 'Modules' })))).toBeLessThanOrEqual(0.02)
    expect(await layoutShift('/login', () => visible(page.getByRole('button', { name: "Let's go!" })))).toBeLessThanOrEqual(0.02)
  })
})

import fs from 'node:fs'
import path from 'node:path'

import type { BrowserContext, Page, Request } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'

import { buildZip } from '../helpers/zips'
import { baseURL, contentURL, expectAccessible, expectNoPageErrors, freshPagePerTest, unique, visible } from './browser'
import { apiCall, apiLogin, demoEditor, demoStudent, installPackageAs, logInAt, ok } from './consoleHelpers'

/**
 * Nothing from a student's pages goes to a third party. A student walks every page a student can
 * reach (home, topics, every topic and module, their profile and settings, the site's pages, help)
 * and opens the seeded quiz and a package that calls out the way real exports do (Articulate's
 * metrics, an outside LRS, a player script, an image, a web object and a beacon on other hosts);
 * every request of the browser, frames included, must go to the product or the content origin.
 * Staff then see what the package tried to reach, allow one host, and only that host is reached.
 */

const outsidePackage = () =>
  buildZip([
    {
      name: 'story.html',
      data: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outside calls</title>
<script src="https://cdn.outside.example/player.js"></script>
</head><body><h1>Outside calls</h1><p id="status">Package starting.</p>
<img alt="" src="https://images.outside.example/pixel.png">
<iframe title="Web object" src="https://webobject.outside.example/"></iframe>
<script>
fetch('https://metrics.articulate.com/v1/track?event=launch', { mode: 'no-cors' }).catch(() => {})
fetch('https://lrs.outside.example/xapi/statements', { method: 'POST', mode: 'no-cors', body: '{}' }).catch(() => {})
try { navigator.sendBeacon('https://beacon.outside.example/b', 'x') } catch (e) {}
document.getElementById('status').textContent = 'Package ran.'
</script></body></html>`,
    },
  ])

const outsideHosts = [
  'cdn.outside.example',
  'images.outside.example',
  'webobject.outside.example',
  'metrics.articulate.com',
  'lrs.outside.example',
  'beacon.outside.example',
]

let editorToken: string
let studentToken: string
let calls: { id: number; moduleId: number; title: string }
let ownOrigins: Set<string>

beforeAll(async () => {
  const editor = demoEditor()
  editorToken = await apiLogin(editor.login, editor.password)
  const pupil = demoStudent()
  studentToken = await apiLogin(pupil.login, pupil.password)
  const create = async (collection: string, body: Record<string, unknown>) =>
    ok(await apiCall('POST', `/api/${collection}`, { token: editorToken, body }), 201).doc
  const topic = await create('topics', { title: unique('Primary sources'), markdown: 'Where documents live.', order: 97 })
  const mod = await create('modules', {
    title: unique('Outside calls'),
    markdown: 'Packages that call other sites.',
    order: 1,
    topic: topic.id,
  })
  const title = unique('Outside calls quiz')
  const activity = await create('activities', { title, type: 'storyline', markdown: 'Take it.', order: 1, module: mod.id })
  await installPackageAs(editorToken, activity.id, await outsidePackage())
  calls = { id: activity.id, moduleId: mod.id, title }
  ownOrigins = new Set([new URL(baseURL()).origin, new URL(contentURL()).origin])
}, 120_000)

/**
 * Every request of the context (pages, frames, workers) to an origin other than the product's and
 * the content origin's, except those the page's policy stopped in the browser: Chromium lists a
 * subresource blocked by CSP as a request that failed with the reason "csp", which never left it.
 */
const watchOutside = (context: BrowserContext) => {
  const blocked = new Set<Request>()
  const sent: Request[] = []
  context.on('request', (request) => {
    const url = new URL(request.url())
    if (/^(https?|wss?):$/.test(url.protocol) && !ownOrigins.has(url.origin)) sent.push(request)
  })
  context.on('requestfailed', (request) => {
    if (/^csp$|ERR_BLOCKED_BY_CSP/.test(request.failure()?.errorText ?? '')) blocked.add(request)
  })
  return {
    /** What left the browser for another origin (with how it ended, for the failure message). */
    escaped: () => sent.filter((request) => !blocked.has(request)).map((request) => `${request.url()} (${request.failure()?.errorText ?? 'sent'})`),
    hosts: () => [...new Set(sent.filter((request) => !blocked.has(request)).map((request) => new URL(request.url()).host))],
    clear: () => {
      sent.length = 0
      blocked.clear()
    },
  }
}

const screensDir = process.env.SCREENS_DIR
const screenshot = async (page: Page, name: string) => {
  if (!screensDir) return
  fs.mkdirSync(screensDir, { recursive: true })
  await page.screenshot({ path: path.join(screensDir, `${name}.png`), fullPage: true })
}

const docsOf = async (pathAndQuery: string, token: string) => ok(await apiCall('GET', pathAndQuery, { token })).docs as any[]

/** Opens an activity's package in the modal and waits for its own page to say it ran; then closes it. */
const openPackage = async (page: Page, moduleId: number, title: string, ran: string) => {
  await page.goto(`/modules/${moduleId}`)
  await page.getByRole('button', { name: `Start ${title}` }).click()
  const dialog = await visible(page.getByRole('dialog', { name: title }))
  // The package writes this after its tags are parsed and its fetches and beacon are started, so every
  // request it makes has been made (and seen by the watcher) by then.
  await visible(dialog.frameLocator('iframe').frameLocator('#package-frame').getByText(ran), 30_000)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await page.getByRole('dialog').waitFor({ state: 'detached' })
}

describe("a student's pages and packages reach only the product and the content origin", () => {
  let page: Page
  let context: BrowserContext
  freshPagePerTest((session) => {
    page = session.page
    context = session.context
  })

  it('every student page, the seeded quiz and a package that calls out send nothing elsewhere; staff see what was blocked, allow one host, and only it is reached', async () => {
    const outside = watchOutside(context)
    const pupil = demoStudent()
    await logInAt(page, pupil.login, pupil.password)

    const topics = await docsOf('/api/topics?limit=100&depth=0', studentToken)
    const modules = await docsOf('/api/modules?limit=200&depth=0', studentToken)
    const pages = await docsOf('/api/pages?limit=100&depth=0', studentToken)
    const routes = [
      '/',
      '/topics',
      ...topics.map((topic) => `/topics/${topic.id}`),
      '/modules',
      ...modules.map((mod) => `/modules/${mod.id}`),
      ...pages.map((one) => `/pages/${one.slug}`),
      '/user/profile',
      '/user/theme',
      '/user/security',
      '/help/ticket',
      '/contact',
    ]
    expect(modules.length).toBeGreaterThan(3)
    for (const route of routes) {
      await page.goto(route)
      await visible(page.getByRole('heading', { level: 1 }).first())
      await page.waitForLoadState('networkidle')
    }

    await openPackage(
      page,
      (await docsOf(`/api/activities?where[title][equals]=${encodeURIComponent('Bill of Rights Quiz')}&depth=0`, studentToken))[0].module,
      'Bill of Rights Quiz',
      `Taking the quiz as ${pupil.login}.`,
    )
    await openPackage(page, calls.moduleId, calls.title, 'Package ran.')
    expect(outside.escaped()).toEqual([])

    // The browser reported what it blocked; staff who edit activities see it on the activity.
    await expect
      .poll(
        async () => (await docsOf(`/api/blocked-requests?where[activity][equals]=${calls.id}&limit=50&depth=0`, editorToken)).map((row) => row.host).sort(),
        { timeout: 20_000 },
      )
      .toEqual([...outsideHosts].sort())
    expect((await apiCall('GET', `/api/blocked-requests?where[activity][equals]=${calls.id}`, { token: studentToken })).status).toBe(403)

    const editor = demoEditor()
    await logInAt(page, editor.login, editor.password, `/console/activities/${calls.id}`)
    const panel = await visible(page.getByRole('region', { name: 'Outside hosts' }))
    const table = await visible(panel.getByRole('region', { name: 'Blocked requests' }))
    for (const host of outsideHosts) await visible(table.getByRole('rowheader', { name: host }))
    await expectAccessible(page, 'console: outside hosts of a package')
    await screenshot(page, 'third-parties-console')
    await panel.getByRole('button', { name: 'Allow metrics.articulate.com' }).click()
    await visible(panel.getByText('Allowed hosts saved.'))
    await expect
      .poll(async () => ok(await apiCall('GET', `/api/activities/${calls.id}?depth=0`, { token: editorToken })).allowedHosts)
      .toEqual(['metrics.articulate.com'])

    // The student opens it again: the allowed host is reached, nothing else outside is.
    outside.clear()
    await logInAt(page, pupil.login, pupil.password)
    await openPackage(page, calls.moduleId, calls.title, 'Package ran.')
    expect(outside.hosts()).toEqual(['metrics.articulate.com'])
    expectNoPageErrors(context)
    // It walks every page a student reaches and opens packages three times: more than one step's time.
  }, 360_000)
})

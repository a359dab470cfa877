import fs from 'node:fs'
import path from 'node:path'

import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'

import { baseURL, dumpDiagnostics, expectAccessible, expectNoPageErrors, launchBrowser, logoutThroughMenu, newContext, serialSteps, visible } from './browser'
import { apiCall, createClassroom, logInAt, ok, signUpTeacher } from './consoleHelpers'

/**
 * A Wi-Fi drop in class, then the next student on the same Chromebook: the module page and a
 * reading opened once open again offline with the offline notice; back online the notice goes;
 * after logout nothing of the first student's is kept, and the second student is never served any
 * of it (docs/adr/offline-pages.md).
 */

type Login = { username: string; password: string }

const MODULE = 'From Colonies to Independence'
const CONTENT_CARD = 'Understanding the Declaration of Independence'
const READING_LINK = 'Mayflower Compact (text) (opens in a new tab)'
const OFFLINE_NOTICE = 'You are offline. Pages you have already opened still work.'

let browser: Browser
let context: BrowserContext
let page: Page
let moduleId: number
let first: Login
let second: Login
let firstId: string
let readingUrl: string

const step = serialSteps((name) => dumpDiagnostics(name, context))

/** Every entry of every cache the page's origin holds, with the text of those that are not built files. */
const cacheStorage = (target: Page) =>
  target.evaluate(async () => {
    const entries: { cache: string; path: string; body: string }[] = []
    for (const cache of await caches.keys()) {
      const store = await caches.open(cache)
      for (const request of await store.keys()) {
        const url = new URL(request.url)
        const response = await store.match(request)
        const body = url.pathname.startsWith('/assets/') || !response ? '' : await response.text()
        entries.push({ cache, path: url.pathname + url.search, body })
      }
    }
    return entries
  })

/** The account the service worker keeps pages for, once it has kept one of its pages. */
const waitForKeptPage = async (target: Page, account: string) =>
  expect
    .poll(async () => (await cacheStorage(target)).some((entry) => entry.cache === `civics360-opened-${account}` && !entry.path.startsWith('/api/')))
    .toBe(true)

const pageDataUser = (target: Page) =>
  target.evaluate(() => (JSON.parse(document.getElementById('page-data')?.textContent ?? '{}') as { user?: { id: number | string } | null }).user ?? null)

const card = (target: Page, title: string) => target.locator('article.activity-card').filter({ has: target.getByRole('heading', { name: title }) })

const screenshot = async (target: Page, name: string) => {
  const dir = process.env.SCREENS_DIR
  if (!dir) return
  fs.mkdirSync(dir, { recursive: true })
  await target.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true })
}

beforeAll(async () => {
  const teacher = await signUpTeacher('offline')
  const classroom = await createClassroom(teacher, 'Offline Civics')
  ;[first, second] = ok(await apiCall('POST', `/api/classrooms/${classroom.id}/students`, { token: teacher.token, body: { count: 2 } }), 201).students
  moduleId = ok(await apiCall('GET', `/api/modules?where[title][equals]=${encodeURIComponent(MODULE)}&depth=0`)).docs[0].id
  browser = await launchBrowser()
  // One context for the whole file: one shared classroom device.
  context = await newContext(browser)
  page = await context.newPage()
}, 120_000)

afterAll(async () => {
  await context?.close()
  await browser?.close()
})

describe('pages opened once survive a Wi-Fi drop, and stay with their student', () => {
  step('the worker script is asked for again on every check, under a policy of its own', async () => {
    const answer = await fetch(`${baseURL()}/sw.js`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toBe('no-cache')
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'")
    expect(answer.headers.get('content-type')).toMatch(/javascript/)
  })

  step('a student opens a module page and a reading while online', async () => {
    await logInAt(page, first.username, first.password, `/modules/${moduleId}`)
    // The worker installs after the first page and takes control of it.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration()
            return `${navigator.serviceWorker.controller !== null} ${registration?.installing?.state} ${registration?.waiting?.state} ${registration?.active?.state}`
          }),
        { timeout: 30_000 },
      )
      .toMatch(/^true/)
    const content = card(page, CONTENT_CARD)
    await content.getByRole('checkbox', { name: `Mark as done: ${CONTENT_CARD}` }).check()
    await visible(content.getByText('Completed'))
    // The module page opened again, now through the worker.
    await page.reload()
    await visible(page.getByRole('heading', { level: 1, name: MODULE }))
    await visible(card(page, CONTENT_CARD).getByText('Completed'))
    firstId = String((await pageDataUser(page))?.id)
    expect(firstId).not.toBe('undefined')

    const [reading] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: READING_LINK }).click()])
    await reading.waitForLoadState()
    expect(await reading.locator('body').innerText()).toContain('solemnly and mutually')
    readingUrl = reading.url()
    expect(new URL(readingUrl).pathname).toMatch(/^\/api\/media\/file\//)
    await reading.close()

    await expect
      .poll(async () => (await cacheStorage(page)).filter((entry) => entry.cache === `civics360-opened-${firstId}`).map((entry) => entry.path))
      .toEqual(expect.arrayContaining([`/modules/${moduleId}`, new URL(readingUrl).pathname]))
    // Nothing is announced while the connection is there.
    expect(await page.getByText(OFFLINE_NOTICE).count()).toBe(0)
    expectNoPageErrors(context)
  })

  step('offline, the module page and the reading open again, with the offline notice', async () => {
    await context.setOffline(true)
    const notice = await visible(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }))
    expect(await notice.getAttribute('aria-live')).toBe('polite')

    const reloaded = await page.reload()
    expect(reloaded?.fromServiceWorker()).toBe(true)
    await visible(page.getByRole('heading', { level: 1, name: MODULE }))
    await visible(card(page, CONTENT_CARD).getByText('Completed'))
    await visible(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }))
    await screenshot(page, 'offline-module-page')
    await expectAccessible(page, 'module page offline')

    // The notice in every theme, day and night: the themes' stylesheets come from the worker too.
    const stylesheets = (await cacheStorage(page)).map((entry) => entry.path).filter((file) => /^\/assets\/(ancient|behelit|kitsune)-[^/]+\.css$/.test(file))
    expect(stylesheets).toHaveLength(3)
    await page.evaluate(
      (files) =>
        Promise.all(
          files.map(
            (href) =>
              new Promise((resolve, reject) => {
                const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href, onload: resolve, onerror: reject })
                document.head.append(link)
              }),
          ),
        ),
      stylesheets,
    )
    for (const theme of ['ancient', 'behelit', 'civics', 'kitsune'])
      for (const mode of ['day', 'night']) {
        await page.evaluate(([t, m]) => (document.documentElement.className = `theme-${t} mode-${m}`), [theme, mode])
        await visible(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }))
        await expectAccessible(page, `module page offline (${theme}, ${mode})`)
        if (mode === 'night' && theme === 'kitsune') await screenshot(page, 'offline-module-page-kitsune-night')
      }
    await page.evaluate(() => (document.documentElement.className = 'theme-civics mode-day'))

    const reading = await context.newPage()
    const opened = await reading.goto(readingUrl)
    expect(opened?.status()).toBe(200)
    expect(opened?.fromServiceWorker()).toBe(true)
    expect(await reading.locator('body').innerText()).toContain('solemnly and mutually')
    await reading.close()

    // The admin panel is never answered by the worker, not even with the app's page.
    const admin = await context.newPage()
    const adminAnswer = await admin.goto('/admin').catch(() => null)
    expect(adminAnswer, 'the admin panel offline').toBeNull()
    await admin.close()

    // A module page opened in a new tab, as after closing the browser.
    const again = await context.newPage()
    await again.goto(`/modules/${moduleId}`)
    await visible(again.getByRole('heading', { level: 1, name: MODULE }))
    await visible(again.getByRole('status').filter({ hasText: OFFLINE_NOTICE }))
    await again.close()
  })

  step('back online the notice goes', async () => {
    await context.setOffline(false)
    await expect.poll(() => page.getByText(OFFLINE_NOTICE).count()).toBe(0)
    await visible(page.getByRole('heading', { level: 1, name: MODULE }))
    expectNoPageErrors(context)
  })

  step('logout deletes everything kept for the first student', async () => {
    await logoutThroughMenu(page)
    const kept = await cacheStorage(page)
    expect(kept.some((entry) => entry.cache === `civics360-opened-${firstId}`)).toBe(false)
    // What is kept now is the visitor's (the home page's public reads): nothing signed in.
    for (const entry of kept.filter((each) => !each.path.startsWith('/assets/'))) {
      expect(entry.cache, entry.path).toBe('civics360-opened-visitor')
      expect(entry.body.includes(first.username), entry.path).toBe(false)
      expect(entry.path, entry.path).not.toMatch(/^\/(modules|user)|^\/api\/(attempts|users)/)
      expect(entry.path, 'the reading the first student opened').not.toBe(new URL(readingUrl).pathname)
    }
  })

  step("the next student on the same browser is never served the first student's pages, online or offline", async () => {
    await logInAt(page, second.username, second.password, `/modules/${moduleId}`)
    await visible(page.getByRole('heading', { level: 1, name: MODULE }))
    await expect.poll(() => card(page, CONTENT_CARD).getByText('Completed').count()).toBe(0)
    await page.reload()
    await visible(page.getByRole('heading', { level: 1, name: MODULE }))
    const secondId = String((await pageDataUser(page))?.id)
    expect(secondId).not.toBe(firstId)
    await waitForKeptPage(page, secondId)

    await context.setOffline(true)
    const reloaded = await page.reload()
    expect(reloaded?.fromServiceWorker()).toBe(true)
    await visible(page.getByRole('heading', { level: 1, name: MODULE }))
    await visible(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE }))
    expect(String((await pageDataUser(page))?.id)).toBe(secondId)
    await expect.poll(() => card(page, CONTENT_CARD).getByText('Completed').count()).toBe(0)
    expect(await page.locator('body').innerText()).not.toContain(first.username)
    // The reading the first student opened was theirs: not kept for the second one.
    const reading = await context.newPage()
    const opened = await reading.goto(readingUrl).catch(() => null)
    expect(opened === null || !opened.ok()).toBe(true)
    await reading.close()

    const kept = await cacheStorage(page)
    expect(kept.some((entry) => entry.cache === `civics360-opened-${firstId}`)).toBe(false)
    for (const entry of kept.filter((each) => !each.path.startsWith('/assets/'))) {
      expect(entry.cache, entry.path).toBe(`civics360-opened-${secondId}`)
      expect(entry.body.includes(first.username), entry.path).toBe(false)
      expect(entry.path, 'the reading the first student opened').not.toBe(new URL(readingUrl).pathname)
    }
    await context.setOffline(false)
    await expect.poll(() => page.getByText(OFFLINE_NOTICE).count()).toBe(0)
    expectNoPageErrors(context)
  })
})

import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import {
  demoTeacher,
  expectAccessible,
  expectNoPageErrors,
  expectSignedIn,
  freshPagePerTest,
  newContext,
  pathOf,
  submitLogin,
  visible,
  waitForPath,
} from './browser'

let browser: Browser
let context: BrowserContext
let page: Page
freshPagePerTest((session) => ({ browser, context, page } = session))

describe('a visitor', () => {
  it('browses home → topic → module, is sent to log in with the return path, and comes back to the module', async () => {
    await page.goto('/')
    await visible(page.getByRole('heading', { level: 1, name: 'Civics360' }))
    await visible(page.getByRole('link', { name: 'Browse Topics' }))
    const topics = page.getByRole('region', { name: 'Topics' })
    // The four seeded topics, each a heading linking to its page, with links to its modules.
    await visible(topics.getByRole('heading', { level: 3, name: 'The Constitution' }))
    const topicHeadings = await topics.getByRole('heading', { level: 3 }).allInnerTexts()
    // Other browser tests share this server and may add topics; the seeded four keep their order.
    const seeded = ['Foundations of Government', 'The Constitution', 'Citizenship', 'Government in Florida']
    expect(topicHeadings.filter((heading) => seeded.includes(heading))).toEqual(seeded)
    await visible(topics.getByRole('list', { name: 'Modules in The Constitution' }).getByRole('link', { name: 'The Three Branches' }))
    // Each topic shows its picture. The seeded pictures hold no words and sit beside the title that
    // names the topic, so they are decorative (alt="") and not announced as images.
    const pictures = await topics.locator('img').evaluateAll((images) => images.map((image) => image.getAttribute('alt')))
    expect(pictures.length).toBeGreaterThanOrEqual(4)
    expect(pictures.filter((alt) => alt === '').length).toBeGreaterThanOrEqual(4)
    await expectAccessible(page, 'home')

    await topics.getByRole('link', { name: 'The Constitution', exact: true }).click()
    await waitForPath(page, /^\/topics\/[^/]+$/)
    await visible(page.getByRole('heading', { level: 1, name: 'The Constitution' }))
    const modules = page.getByRole('region', { name: 'Modules' })
    const moduleLinks = await modules.getByRole('heading', { level: 3 }).allInnerTexts()
    expect(moduleLinks).toEqual(['Principles of the Constitution', 'The Three Branches', 'The Bill of Rights and Amendments'])
    await expectAccessible(page, 'topic page')

    const moduleLink = modules.getByRole('link', { name: 'The Bill of Rights and Amendments' })
    const moduleHref = await moduleLink.getAttribute('href')
    expect(moduleHref).toMatch(/^\/modules\/[^/]+$/)
    await moduleLink.click()

    // Login required: /login with the module as the return path.
    await waitForPath(page, `/login?redirect=${encodeURIComponent(moduleHref as string)}`)
    await visible(page.getByRole('heading', { level: 1, name: 'Log in to Civics360' }))
    expect(await page.title()).toContain('Log in to Civics360')
    const password = page.getByLabel(/^Password/)
    expect(await password.getAttribute('type')).toBe('password')
    await visible(page.getByText('Welcome back.'))
    await expectAccessible(page, 'log in')

    const teacher = demoTeacher()
    await submitLogin(page, teacher.login, teacher.password)
    await waitForPath(page, moduleHref as string)
    await visible(page.getByRole('heading', { level: 1, name: 'The Bill of Rights and Amendments' }))
    await expectSignedIn(page)
    // Activity cards, one per activity, each headed by its title; the quiz has its start button.
    const cards = page.locator('article.activity-card')
    await visible(cards.getByRole('heading', { name: 'Bill of Rights Quiz' }))
    const titles = await cards.locator('h2.card-title').allInnerTexts()
    expect(titles).toEqual(
      expect.arrayContaining(['Read the Bill of Rights', 'Your Rights in the First Ten Amendments', 'Later Amendments', 'Bill of Rights Quiz']),
    )
    expect(await cards.count()).toBe(titles.length)
    await visible(page.getByRole('button', { name: 'Start Bill of Rights Quiz' }))
    await expectAccessible(page, 'module page (signed in)')
    expectNoPageErrors(context)
  })

  it('is told a page could not be loaded when its script is gone (a new version deployed under the open page), and Try again opens it', async () => {
    // Without the service worker, which would answer from its copy of the build.
    const fresh = await newContext(browser, { serviceWorkers: 'block' })
    try {
      const tab = await fresh.newPage()
      const loginScript = /\/assets\/LoginPage-[^/]+\.js$/
      await tab.route(loginScript, (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' }))
      await tab.goto('/')
      await visible(tab.getByRole('heading', { level: 1, name: 'Civics360' }))
      await tab.getByRole('link', { name: 'Log in' }).click()
      await waitForPath(tab, '/login')
      await visible(tab.getByRole('heading', { level: 1, name: 'This page could not be loaded' }))
      await visible(tab.getByText('Check your connection, then try again.'))
      await expectAccessible(tab, 'page could not be loaded')

      await tab.unroute(loginScript)
      await tab.getByRole('button', { name: 'Try again' }).click()
      await visible(tab.getByRole('heading', { level: 1, name: 'Log in to Civics360' }))
      expectNoPageErrors(fresh)
    } finally {
      await fresh.close()
    }
  })

  it('sees the Not Found screen at an unknown path', async () => {
    const answer = await page.goto('/no-such-page-xyz')
    expect(answer?.status()).toBe(200) // the SPA answers; the screen says Not Found
    await visible(page.getByRole('heading', { level: 1, name: 'Not Found' }))
    await visible(page.getByText('We couldn’t find the page you were looking for.'))
    expect(await page.title()).toContain('Not Found')
    expect(pathOf(page)).toBe('/no-such-page-xyz')
    await expectAccessible(page, 'not found')

    await page.getByRole('link', { name: 'Go to the home page' }).click()
    await waitForPath(page, '/')
    await visible(page.getByRole('heading', { level: 1, name: 'Civics360' }))
    await visible(page.getByRole('region', { name: 'Topics' }).getByRole('heading', { name: 'The Constitution' }))
    await expectAccessible(page, 'home (from not found)')
    expectNoPageErrors(context)
  })
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import AxeBuilder from '@axe-core/playwright'
import axe, { type AxeResults } from 'axe-core'
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject, it } from 'vitest'

/** Flags measured to work with Debian's Chromium on these machines (../shared/STACK-NOTES.md). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** The server of this worker (globalSetup starts one per worker; VITEST_POOL_ID counts from 1). */
const server = () => {
  const servers = inject('servers')
  return servers[(Number(process.env.VITEST_POOL_ID || 1) - 1) % servers.length]
}
export const baseURL = () => server().baseURL
/** The content origin of this worker's server (Storyline packages and their launcher). */
export const contentURL = () => server().contentURL
export const dataDir = () => server().dataDir
export const logFile = () => server().logFile

/**
 * Debian's Chromium headless shell where installed (the same engine without the desktop browser's
 * layers: less work for the machine's two cores), else its full Chromium; CHROMIUM_PATH says otherwise.
 * docs/adr/browser-tests-in-headless-shell.md
 */
export const chromiumPath = () =>
  process.env.CHROMIUM_PATH || ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file)) || '/usr/bin/chromium'

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })

/** Uncaught exceptions thrown in a page; every test asserts there were none. */
const pageErrors = new WeakMap<BrowserContext, string[]>()
/** console.error output and failed requests, shown when a test fails. */
const consoleErrors = new WeakMap<BrowserContext, string[]>()

/** A fresh context (cookies, storage) at the base URL, desktop-sized so wide-screen content shows. */
export const newContext = async (browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> => {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, locale: 'en-US', ...options })
  context.setDefaultTimeout(15_000)
  context.setDefaultNavigationTimeout(30_000)
  const errors: string[] = []
  const logged: string[] = []
  pageErrors.set(context, errors)
  consoleErrors.set(context, logged)
  context.on('page', (page) => {
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(`${page.url()}: ${message.text()}`)
    })
    page.on('requestfailed', (request) => logged.push(`${request.method()} ${request.url()} failed: ${request.failure()?.errorText}`))
  })
  return context
}

export const expectNoPageErrors = (context: BrowserContext) => {
  expect(pageErrors.get(context) ?? [], 'uncaught errors in the page').toEqual([])
}

/**
 * What a failing test leaves behind: each open page's address, the start of its text, a
 * screenshot, and the errors its console saw.
 */
export const dumpDiagnostics = async (label: string, context: BrowserContext | undefined) => {
  if (!context) return
  const folder = path.join(os.tmpdir(), 'civics-e2e-failures')
  fs.mkdirSync(folder, { recursive: true })
  const lines: string[] = [`--- e2e failure: ${label}`]
  for (const [index, page] of context.pages().entries()) {
    if (page.isClosed()) continue
    const text = await page.evaluate(() => document.body?.innerText.slice(0, 1200) ?? '').catch(() => '(unavailable)')
    const shot = path.join(folder, `${label.replace(/[^\w-]+/g, '_').slice(0, 80)}-${Date.now()}-${index}.png`)
    const saved = await page.screenshot({ path: shot, fullPage: true }).then(
      () => shot,
      () => '(no screenshot)',
    )
    lines.push(`page ${page.url()}\nscreenshot ${saved}\n${text.replace(/\n+/g, ' | ')}`)
  }
  const errors = [...(pageErrors.get(context) ?? []), ...(consoleErrors.get(context) ?? [])]
  if (errors.length) lines.push(`console:\n  ${errors.slice(-15).join('\n  ')}`)
  console.error(lines.join('\n'))
}

/** The WCAG 2.1 A and AA rules: the ones every check runs. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/**
 * axe on a page without frames, run in the page itself (axe-core's own `axe.run`). Its source is
 * put into a document once, and later checks of the same document (the SPA's screens after a
 * click) reuse it: @axe-core/playwright evaluates the whole source twice per check, which cost more
 * than most checks themselves. Only violations are gathered: axe then stops collecting every
 * element that passes each rule.
 */
const axeInThePage = async (page: Page): Promise<AxeResults> => {
  if (!(await page.evaluate('typeof window.axe?.run === "function"'))) await page.evaluate(axe.source)
  const options = { runOnly: { type: 'tag', values: wcagTags }, resultTypes: ['violations'] }
  return page.evaluate(`window.axe.run(document, ${JSON.stringify(options)})`) as Promise<AxeResults>
}

/**
 * Runs axe (WCAG 2.0/2.1 A and AA) on the page as it is now and fails on any serious or critical
 * violation, naming the rule, the elements and the page.
 */
export const expectAccessible = async (page: Page, label: string) => {
  // A page with a frame (a Storyline package on the content origin) is checked frame by frame by
  // @axe-core/playwright, which puts axe into each frame and joins their results.
  const results =
    page.frames().length === 1
      ? await axeInThePage(page)
      : await new AxeBuilder({ page })
          .withTags(wcagTags)
          .options({ resultTypes: ['violations'] })
          .analyze()
  const blocking = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  if (blocking.length) {
    const report = blocking
      .map((violation) => {
        const nodes = violation.nodes
          .slice(0, 8)
          .map((node) => `      ${JSON.stringify(node.target)}${node.failureSummary ? `\n        ${node.failureSummary.replace(/\n/g, '\n        ')}` : ''}`)
          .join('\n')
        const more = violation.nodes.length > 8 ? `\n      … and ${violation.nodes.length - 8} more` : ''
        return `  [${violation.impact}] ${violation.id}: ${violation.help}\n${nodes}${more}`
      })
      .join('\n')
    throw new Error(`Accessibility violations on "${label}" (${page.url()}):\n${report}`)
  }
}

/** Waits until the locator is visible (strict: exactly one element) and returns it. */
export const visible = async (locator: Locator, timeout?: number): Promise<Locator> => {
  await locator.waitFor({ state: 'visible', timeout })
  return locator
}

export const pathOf = (page: Page) => {
  const url = new URL(page.url())
  return url.pathname + url.search
}

export const waitForPath = async (page: Page, expected: string | RegExp, timeout = 15_000) => {
  try {
    await page.waitForURL(
      (url) => {
        const current = url.pathname + url.search
        return typeof expected === 'string' ? current === expected : expected.test(current)
      },
      { timeout, waitUntil: 'commit' },
    )
  } catch (error) {
    throw new Error(`Expected the path ${expected}, but the page is at ${pathOf(page)}`, { cause: error })
  }
}

/** The classes on <html>. */
export const rootClasses = (page: Page) => page.evaluate(() => Array.from(document.documentElement.classList))

export type DemoLogin = { role: string; login: string; password: string }

/** The demo accounts a server's first start wrote to <dir>/demo-logins.txt (default: this worker's server's). */
export const demoLogins = (dir: string = dataDir()): DemoLogin[] => {
  const text = fs.readFileSync(path.join(dir, 'demo-logins.txt'), 'utf8')
  return text
    .split('\n')
    .filter((line) => /^\s+\S/.test(line))
    .map((line) => {
      const parts = line.trim().split(/\s+/)
      const password = parts.pop() as string
      const login = parts.pop() as string
      return { role: parts.join(' '), login, password }
    })
}

export const demoLogin = (role: string): DemoLogin => {
  const found = demoLogins().find((entry) => entry.role === role)
  if (!found) throw new Error(`No demo login for "${role}" in demo-logins.txt`)
  return found
}

/** The demo teacher's password, as the tests currently know it (the reset test restores it). */
export const demoTeacher = () => demoLogin('Teacher')

/** Fills the log-in form the way a user does and submits it. */
export const submitLogin = async (page: Page, username: string, password: string) => {
  await visible(page.getByRole('heading', { level: 1, name: 'Log in to Civics360' }))
  await page.getByLabel('Username or Email').fill(username)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByRole('button', { name: "Let's go!" }).click()
}

/** Logs out through the account (hamburger) menu and waits for the anonymous header. */
export const logoutThroughMenu = async (page: Page) => {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await visible(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }))
  await waitForPath(page, '/')
}

/** The signed-in header: the account menu button is there and the "Log in" link is gone. */
export const expectSignedIn = async (page: Page) => {
  await visible(page.getByRole('button', { name: 'Account menu' }))
  expect(await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).count()).toBe(0)
}

/** Polls the server log until a line matching the pattern appears after `from` bytes. */
export const waitForLog = async (pattern: RegExp, from = 0, timeout = 20_000): Promise<RegExpMatchArray> => {
  const started = Date.now()
  for (;;) {
    const text = fs.readFileSync(logFile()).subarray(from).toString('utf8')
    const match = text.match(pattern)
    if (match) return match
    if (Date.now() - started > timeout) throw new Error(`No ${pattern} in the server log after ${timeout} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

export const logSize = () => fs.statSync(logFile()).size

export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/**
 * The usual life cycle of a browser test file: one Chromium for the file, a fresh context and page
 * for every test, diagnostics when a test fails. `use` receives them before each test.
 */
export const freshPagePerTest = (use: (session: { browser: Browser; context: BrowserContext; page: Page }) => void) => {
  let browser: Browser | undefined
  let context: BrowserContext | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
  })
  beforeEach(async () => {
    context = await newContext(browser!)
    use({ browser: browser!, context, page: await context.newPage() })
  })
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') await dumpDiagnostics(ctx.task.name, context)
    await context?.close()
  })
}

/**
 * The steps of one serial scenario: after a failed step the later ones skip, since each builds on
 * the one before. `onFailure` runs before the error is reported (to dump the open browser contexts).
 */
export const serialSteps = (onFailure: (step: string) => Promise<void> = async () => {}) => {
  let broken = false
  return (name: string, body: () => Promise<void>) =>
    it(name, async (ctx) => {
      if (broken) ctx.skip()
      try {
        await body()
      } catch (error) {
        broken = true
        await onFailure(name)
        throw error
      }
    })
}

/** The header's language choice, named in any of the three languages. */
export const languageSwitcher = (page: Page) => page.getByRole('banner').getByRole('combobox', { name: /^(Language|Idioma|Lang)$/ })

/**
 * A signed-in reader chooses a language in the header, and the choice is saved to their account:
 * waits for the save, since a page loaded before it ends would come in the account's old language.
 */
export const chooseLanguageSaved = async (page: Page, code: string) => {
  const saved = page.waitForResponse((answer) => answer.request().method() === 'PUT' && /\/api\/users\/\d+\/theme$/.test(answer.url()))
  await languageSwitcher(page).selectOption(code)
  expect((await saved).ok()).toBe(true)
}

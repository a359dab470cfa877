import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { baseURL, contentURL, expectNoPageErrors, freshPagePerTest, visible } from './browser'
import { apiCall, apiLogin, demoStudent, logInAt } from './consoleHelpers'

/**
 * The SPA's Content-Security-Policy: its header, and pages that still work under it without a
 * single violation (the entry, its chunks and preloads, the inlined stylesheet, media, the video
 * embed and the quiz frame on the content origin).
 */
let page: Page
let context: Parameters<typeof expectNoPageErrors>[0]
freshPagePerTest((session) => ({ page, context } = session))

const watchViolations = async (watched: Page) => {
  const violations: string[] = []
  await watched.exposeFunction('reportPolicyViolation', (line: string) => violations.push(line))
  await watched.addInitScript(() => {
    // The product's own page only: the content origin's pages have their own policy.
    if (window !== window.top) return
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (line: string) => void }).reportPolicyViolation
      void report(`${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`)
    })
  })
  watched.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text()) && message.location().url.startsWith(baseURL())) violations.push(message.text())
  })
  return violations
}

describe('Content-Security-Policy on the SPA', () => {
  it('every page answer carries a nonce-based policy with a fresh nonce, and the nonce on its scripts', async () => {
    const first = await fetch(`${baseURL()}/`)
    const second = await fetch(`${baseURL()}/login`)
    const policy = first.headers.get('content-security-policy') ?? ''
    const directives = new Map(policy.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
    expect(nonce).toBeTruthy()
    expect(directives.get('script-src')).toEqual(expect.arrayContaining([`'nonce-${nonce}'`, "'strict-dynamic'"]))
    expect(directives.get('script-src')).not.toContain("'unsafe-inline'")
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('base-uri')).toEqual(["'self'"])
    expect(directives.get('frame-ancestors')).toEqual(["'self'"])
    expect(directives.get('form-action')).toEqual(["'self'"])
    // The product's own API, and the content origin the logout's clearing of package storage ends on.
    expect(directives.get('connect-src')).toEqual(["'self'", new URL(contentURL()).origin])
    expect(directives.get('frame-src')).toEqual(expect.arrayContaining([new URL(contentURL()).origin, 'https://www.youtube-nocookie.com']))
    const html = await first.text()
    // The nonce is base64: its `+` and `/` are written as they are, not as pattern characters.
    expect(html).toMatch(new RegExp(`<script type="module"[^>]* nonce="${(nonce ?? '').replace(/[+/=]/g, '\\$&')}"`))
    expect(second.headers.get('content-security-policy')).not.toContain(nonce)
    // The API and the built files are not pages: no page policy there.
    expect((await fetch(`${baseURL()}/api/topics?limit=1`)).headers.get('content-security-policy')).toBeNull()
  })

  it('a student browses, watches the video card, opens the quiz and their account pages without a single violation', async () => {
    const violations = await watchViolations(page)
    await page.goto('/')
    await visible(page.getByRole('heading', { level: 1, name: 'Civics360' }))
    await page.getByRole('region', { name: 'Topics' }).getByRole('link', { name: 'The Constitution', exact: true }).click()
    await visible(page.getByRole('heading', { level: 1, name: 'The Constitution' }))
    await page.waitForLoadState('networkidle')

    const pupil = demoStudent()
    const token = await apiLogin(pupil.login, pupil.password)
    const find = async (title: string) =>
      (await apiCall('GET', `/api/activities?where[title][equals]=${encodeURIComponent(title)}&depth=0`, { token })).body.docs[0]
    const video = await find('Video: Separation of Powers and Checks and Balances')
    const quiz = await find('Bill of Rights Quiz')
    await logInAt(page, pupil.login, pupil.password, `/modules/${video.module}`)
    // The video site is a third party: its player loads when the student presses Play.
    await page.getByRole('button', { name: 'Play video' }).click()
    await visible(page.locator('.video-embed iframe'))
    await page.goto(`/modules/${quiz.module}`)
    await page.getByRole('button', { name: 'Start Bill of Rights Quiz' }).click()
    const frame = page.getByRole('dialog').frameLocator('iframe').frameLocator('#package-frame')
    await visible(frame.getByText(`Taking the quiz as ${pupil.login}.`))
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    await page.goto('/user/security')
    await visible(page.getByRole('heading', { level: 1 }))
    await page.waitForLoadState('networkidle')
    expect(violations).toEqual([])
    expectNoPageErrors(context)
  })
})

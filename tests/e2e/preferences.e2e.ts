import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { expectAccessible, expectNoPageErrors, expectSignedIn, freshPagePerTest, rootClasses, unique, visible } from './browser'

let context: BrowserContext
let page: Page
freshPagePerTest((session) => ({ context, page } = session))

const THEMES = ['ancient', 'behelit', 'civics', 'kitsune'] as const

const bodyColors = (target: Page) =>
  target.evaluate(() => {
    const style = getComputedStyle(document.body)
    return `${style.backgroundColor} / ${style.color}`
  })

/** Waits until <html> carries exactly these theme and mode classes. */
const expectRoot = async (target: Page, theme: string, mode: 'day' | 'night') => {
  await expect.poll(async () => (await rootClasses(target)).filter((name) => /^(theme|mode)-/.test(name)).sort()).toEqual([`mode-${mode}`, `theme-${theme}`])
}

const saveTheme = async (theme: string, night: boolean) => {
  await page.getByLabel('Theme', { exact: true }).selectOption(theme)
  const mode = page.getByRole('switch', { name: /^Day\/Night/ })
  await mode.setChecked(night)
  await page.getByRole('button', { name: 'Save Theme' }).click()
  await visible(page.getByRole('status').filter({ hasText: 'Theme settings updated.' }))
}

describe('display preferences', () => {
  it('a signed-in user saves a theme and night mode on /user/theme, and they survive a reload', async () => {
    // A new educator account (signed up through the API; the cookie lands in this browser context).
    const signup = await context.request.post('/api/signup', {
      data: { providers: [{ provider: 'local', username: `${unique('prefs')}@e2e.test`, password: 'Prefs-pass-1234' }] },
    })
    expect(signup.status()).toBe(201)

    await page.goto('/user/theme')
    await expectSignedIn(page)
    await visible(page.getByRole('heading', { level: 1, name: 'Theme Settings' }))
    const select = page.getByLabel('Theme', { exact: true })
    expect(await select.inputValue()).toBe('civics')
    expect(await select.locator('option').allInnerTexts()).toEqual(['Ancient', 'Behelit', 'Civics (Default)', 'Kitsune'])
    await visible(page.getByRole('switch', { name: /^Auto-adjust Text Size/ }))
    const mode = page.getByRole('switch', { name: /^Day\/Night/ })
    expect(await mode.isChecked()).toBe(false)
    await expectRoot(page, 'civics', 'day')
    const dayColors = await bodyColors(page)
    await expectAccessible(page, 'theme settings (civics, day)')

    // Nothing changes until Save Theme.
    await select.selectOption('kitsune')
    await mode.check()
    await visible(page.getByRole('switch', { name: 'Day/Night (Night)' }))
    await expectRoot(page, 'civics', 'day')

    await page.getByRole('button', { name: 'Save Theme' }).click()
    await visible(page.getByRole('status').filter({ hasText: 'Theme settings updated.' }))
    await expectRoot(page, 'kitsune', 'night')
    await expect.poll(() => bodyColors(page)).not.toBe(dayColors)
    await expectAccessible(page, 'theme settings (kitsune, night)')

    await page.reload()
    await visible(page.getByRole('heading', { level: 1, name: 'Theme Settings' }))
    await expectRoot(page, 'kitsune', 'night')
    expect(await select.inputValue()).toBe('kitsune')
    expect(await page.getByRole('switch', { name: /^Day\/Night/ }).isChecked()).toBe(true)
    const me = await (await context.request.get('/api/users/me')).json()
    expect({ mode: me.user.mode, theme: me.user.theme }).toEqual({ mode: 'night', theme: 'kitsune' })

    // The public pages in the saved theme and mode.
    await page.goto('/')
    await visible(page.getByRole('region', { name: 'Topics' }).getByRole('heading', { name: 'The Constitution' }))
    await expectRoot(page, 'kitsune', 'night')
    await expectAccessible(page, 'home (kitsune, night)')

    // Every theme is readable in both modes (axe's colour-contrast rule among the others).
    await page.goto('/user/theme')
    await visible(page.getByRole('heading', { level: 1, name: 'Theme Settings' }))
    for (const theme of THEMES) {
      for (const night of [false, true]) {
        await saveTheme(theme, night)
        await expectRoot(page, theme, night ? 'night' : 'day')
        await expectAccessible(page, `theme settings (${theme}, ${night ? 'night' : 'day'})`)
      }
    }
    expectNoPageErrors(context)
  })

  it('an anonymous visitor toggles day/night in the header, and it survives a reload', async () => {
    await page.goto('/')
    await visible(page.getByRole('heading', { level: 1, name: 'Civics360' }))
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Night mode' })
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    await expectRoot(page, 'civics', 'day')
    const dayColors = await bodyColors(page)

    await toggle.click()
    await expectRoot(page, 'civics', 'night')
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    await expect.poll(() => bodyColors(page)).not.toBe(dayColors)
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('civics360.preferences') ?? 'null'))
    expect(stored).toMatchObject({ mode: 'night' })
    await expectAccessible(page, 'home (civics, night)')

    await page.reload()
    await visible(page.getByRole('heading', { level: 1, name: 'Civics360' }))
    await expectRoot(page, 'civics', 'night')
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    // Still anonymous: nothing was saved to an account.
    await visible(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }))

    await page.goto('/login')
    await visible(page.getByRole('heading', { level: 1, name: 'Log in to Civics360' }))
    await expectRoot(page, 'civics', 'night')
    await expectAccessible(page, 'log in (civics, night)')

    await toggle.click()
    await expectRoot(page, 'civics', 'day')
    await page.reload()
    await visible(page.getByRole('heading', { level: 1, name: 'Log in to Civics360' }))
    await expectRoot(page, 'civics', 'day')
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    expectNoPageErrors(context)
  })
})

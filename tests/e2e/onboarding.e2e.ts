import fs from 'node:fs'
import path from 'node:path'

import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import { expectAccessible, expectNoPageErrors, freshPagePerTest, languageSwitcher, submitLogin, unique, visible, waitForPath } from './browser'
import { apiCall, logInAt, signUpTeacher } from './consoleHelpers'

/**
 * The first steps of a new teacher and of her students, as they met them: an educator signs up,
 * finds no school in the search and adds it with the name she typed, is offered "Create your first
 * class", keeps the code the server proposes, and reaches Classrooms from the home page in one click
 * (by keyboard too); a parent is not asked for a Job Position nor sent to Classrooms; a student
 * signs in and sees their class, their teacher and where they left off; Forgot Password tells a
 * student to ask their teacher, in the three languages; "Log in" and "Sign up" stay one line each
 * on a phone. Axe on each of those screens.
 */

/** Where to save screenshots of each screen for a reviewer (outside the repository); none when unset. */
const SCREENS = process.env.E2E_SCREENS_DIR

const ok = <T = any>(answer: { status: number; body: T }, status = 200): T => {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
  return answer.body
}

/**
 * The screen at a phone's and a laptop's size, saved as `after-<name>-375.png` and `-1280.png`,
 * scrolled to `show` when given.
 */
const screenshots = async (page: Page, name: string, show?: Locator) => {
  if (!SCREENS) return
  fs.mkdirSync(SCREENS, { recursive: true })
  const size = page.viewportSize() ?? { width: 1280, height: 900 }
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 667 : 800 })
    if (show) await show.scrollIntoViewIfNeeded()
    else await page.evaluate(() => window.scrollTo(0, 0))
    await page.screenshot({ path: path.join(SCREENS, `after-${name}-${width}.png`) })
  }
  await page.setViewportSize(size)
}

/** How many lines an element's text takes: the distinct tops of its text's line boxes. */
const lineCount = (locator: Locator) =>
  locator.evaluate((element) => {
    const range = document.createRange()
    range.selectNodeContents(element)
    const tops = new Set(Array.from(range.getClientRects()).map((rect) => Math.round(rect.top)))
    const lineHeight = parseFloat(getComputedStyle(element).lineHeight) || parseFloat(getComputedStyle(element).fontSize) * 1.2
    const style = getComputedStyle(element)
    const content =
      element.getBoundingClientRect().height -
      parseFloat(style.paddingTop) -
      parseFloat(style.paddingBottom) -
      parseFloat(style.borderTopWidth) -
      parseFloat(style.borderBottomWidth)
    return { lines: tops.size, content, lineHeight }
  })

/** An educator account made through the API (email confirmed, as adding students needs), signed in with a bearer token. */
const signUpEducator = (prefix: string) => signUpTeacher(prefix)

describe("a teacher's and her students' first steps", () => {
  let page: Page
  let context: Parameters<typeof expectNoPageErrors>[0]
  freshPagePerTest((session) => {
    page = session.page
    context = session.context
  })

  it('a new educator adds her school from the empty search, is offered her first class, keeps the proposed code and reaches Classrooms in one click', async () => {
    const email = `${unique('onboard')}@e2e.test`
    await page.goto('/signup?type=educator')
    await page.getByLabel(/^Email/).fill(email)
    await page.getByLabel(/^Password/).fill('Educator-pass-1234')
    await page.getByRole('button', { name: 'Sign Up' }).click()
    await waitForPath(page, '/user/profile')
    await page.getByRole('button', { name: /^Teacher/ }).click()
    await page.getByLabel(/^First Name/).fill('Grace')
    await page.getByLabel(/^Last Name/).fill('Hopper')
    await page.getByLabel(/^Job Position/).fill('Civics teacher')

    // The school search finds nothing: the spec's words, then the way to Create with the text typed.
    const schoolName = `Lincoln Middle ${unique('School')}`
    await page.getByRole('button', { name: 'Choose School' }).click()
    const modal = await visible(page.getByRole('dialog', { name: 'Choose Your School' }))
    await modal.getByLabel('Search for your school').fill(schoolName)
    await visible(modal.getByText('No results found for query', { exact: true }))
    const addIt = await visible(modal.getByRole('button', { name: `Add “${schoolName}” as a new school` }))
    await expectAccessible(page, 'school search: no results')
    await screenshots(page, 'school-search-empty')
    await addIt.click()
    await visible(modal.getByRole('tab', { name: 'Create', selected: true }))
    expect(await modal.getByLabel(/^School Name/).inputValue()).toBe(schoolName)
    // The name is filled: the district is next, and has the focus.
    await expect.poll(() => modal.getByLabel(/^School District/).evaluate((element) => element === document.activeElement)).toBe(true)
    await expectAccessible(page, 'school create: name carried from the search')
    await page.keyboard.type('Leon County Schools')
    await modal.getByRole('button', { name: 'Create School' }).click()
    await modal.waitFor({ state: 'detached' })
    await visible(page.getByRole('group', { name: /^School/ }).getByText(schoolName, { exact: true }))

    await page.getByRole('checkbox', { name: 'Seventh' }).check()
    await page.getByRole('checkbox', { name: 'Civics' }).check()
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await visible(page.getByText('Saved!'))

    // The next step after the profile: her first class.
    const next = await visible(page.getByRole('region', { name: 'Next step' }))
    const createFirst = next.getByRole('link', { name: 'Create your first class' })
    await visible(createFirst)
    await expectAccessible(page, 'profile: next step')
    await screenshots(page, 'profile-next-step', next)
    await createFirst.click()
    await waitForPath(page, '/user/classrooms/create')

    // The code is proposed; she keeps it.
    const code = page.getByLabel(/^Code/)
    await expect.poll(() => code.inputValue()).toMatch(/^[A-HJKMNP-Z]{3}-[2-9]{3}$/)
    const proposed = await code.inputValue()
    await visible(page.getByText(/keep it or type your own/))
    await expectAccessible(page, 'create classroom: proposed code')
    await screenshots(page, 'create-classroom-proposed-code', code)
    await page.getByLabel(/^Name/).fill('Period 4 Civics')
    await page.getByRole('button', { name: 'Create Classroom' }).click()
    await waitForPath(page, /^\/user\/classrooms\/\d+$/)
    await visible(page.getByRole('heading', { level: 1, name: 'Period 4 Civics' }))
    expect(await page.getByText(proposed, { exact: true }).count()).toBeGreaterThan(0)

    // With a class, the profile no longer offers to create the first one.
    await page.goto('/user/profile')
    await visible(page.getByRole('button', { name: 'Change Account Type' }))
    expect(await page.getByRole('region', { name: 'Next step' }).count()).toBe(0)

    // Classrooms, one click from the home page; and by keyboard, a Tab stop in the header.
    await page.goto('/')
    const header = page.getByRole('banner')
    const classroomsLink = await visible(header.getByRole('link', { name: 'Classrooms', exact: true }))
    await expectAccessible(page, 'home: educator header')
    await screenshots(page, 'home-educator-header')
    await classroomsLink.click()
    await waitForPath(page, '/user/classrooms')
    await visible(page.getByRole('link', { name: /Period 4 Civics/ }))
    await page.goto('/')
    await visible(header.getByRole('link', { name: 'Classrooms', exact: true }))
    let reached = false
    for (let press = 0; press < 12 && !reached; press += 1) {
      await page.keyboard.press('Tab')
      reached = await page.evaluate(() => document.activeElement?.textContent === 'Classrooms' && document.activeElement.closest('header') !== null)
    }
    expect(reached).toBe(true)
    await page.keyboard.press('Enter')
    await waitForPath(page, '/user/classrooms')
    expectNoPageErrors(context)
  })

  it("a parent's profile asks for a name, not a Job Position, and does not send the parent to Classrooms", async () => {
    const parent = await signUpEducator('parent')
    await logInAt(page, parent.login, parent.password, '/user/profile')
    await page.getByRole('button', { name: /^Parent/ }).click()
    await visible(page.getByLabel(/^First Name/))
    expect(await page.getByLabel(/^Job Position/).count()).toBe(0)
    await expectAccessible(page, 'profile: parent form')
    await page.getByLabel(/^First Name/).fill('Pat')
    await page.getByLabel(/^Last Name/).fill('Rivera')
    await page.getByRole('button', { name: 'Save Profile' }).click()
    await visible(page.getByText('Saved!'))
    const next = await visible(page.getByRole('region', { name: 'Next step' }))
    await visible(next.getByRole('link', { name: 'Browse Topics' }))
    expect(await next.getByRole('link', { name: 'Create your first class' }).count()).toBe(0)
    expect(await page.getByRole('banner').getByRole('link', { name: 'Classrooms', exact: true }).count()).toBe(0)
    expect(await page.getByLabel(/^Job Position/).count()).toBe(0)
    await expectAccessible(page, 'profile: parent saved')
    await screenshots(page, 'profile-parent', next)
    expectNoPageErrors(context)
  })

  it('a student signs in and sees their class, their teacher and where they left off', async () => {
    const teacher = await signUpEducator('week-teacher')
    ok(
      await apiCall('PUT', `/api/users/${teacher.id}`, {
        token: teacher.token,
        body: { attributes: { type: 'other', firstName: 'Grace', lastName: 'Hopper', position: 'Civics teacher' } },
      }),
    )
    const { code } = ok(await apiCall('GET', '/api/classrooms/proposed-code', { token: teacher.token }))
    const classroom = ok(await apiCall('POST', `/api/users/${teacher.id}/classrooms`, { token: teacher.token, body: { name: 'Period 6 Civics', code } }), 201)
    const [login] = ok(await apiCall('POST', `/api/classrooms/${classroom.id}/students`, { token: teacher.token, body: { firstNames: ['Zoe'] } }), 201).students

    await page.goto('/login')
    await submitLogin(page, login.username, login.password)
    await waitForPath(page, '/')
    const home = await visible(page.getByRole('region', { name: 'Your class: Period 6 Civics' }))
    await visible(home.getByText('Teacher: Grace Hopper'))
    await visible(home.getByText('You have not opened an activity yet.'))
    // The spec's home follows.
    await visible(page.getByRole('heading', { level: 1, name: 'Civics360' }))
    await expectAccessible(page, 'student home: nothing opened yet')
    await screenshots(page, 'student-home-new')

    // The student opens a reading (the module page records it) and comes back home.
    const token = ok(await apiCall('POST', '/api/login', { body: { username: login.username, password: login.password } })).token
    const activity = ok(await apiCall('GET', `/api/activities?where[title][equals]=${encodeURIComponent('Enlightenment Thinkers')}&depth=0&limit=1`, { token }))
      .docs[0]
    ok(await apiCall('POST', `/api/activities/${activity.id}/open`, { token }))
    await page.goto('/')
    const region = page.getByRole('region', { name: 'Your class: Period 6 Civics' })
    const leftOff = await visible(region.getByRole('link', { name: 'Enlightenment Thinkers' }))
    // Its state, as the activity's card says it.
    expect(await (await visible(region.locator('.attempt-status'))).textContent()).toBe('Your progress: Opened')
    await expectAccessible(page, 'student home: where they left off')
    await screenshots(page, 'student-home-left-off')
    await leftOff.click()
    await waitForPath(page, `/modules/${activity.module}`)
    await visible(page.getByRole('heading', { name: 'Enlightenment Thinkers' }))
    expectNoPageErrors(context)
  })

  it('Forgot Password tells a student to ask their teacher, in English, Spanish and Haitian Creole', async () => {
    await page.goto('/forgot')
    await visible(page.getByText('Students: your account has no email, so no link can be sent to you. Ask your teacher for a new password.'))
    await expectAccessible(page, 'forgot password (en)')
    await screenshots(page, 'forgot-password')
    await languageSwitcher(page).selectOption('es')
    await visible(page.getByText(/Pide una contraseña nueva a tu maestro o maestra\./))
    await expectAccessible(page, 'forgot password (es)')
    await languageSwitcher(page).selectOption('ht')
    await visible(page.getByText(/Mande pwofesè ou a yon nouvo modpas\./))
    await expectAccessible(page, 'forgot password (ht)')
    expectNoPageErrors(context)
  })

  it('at 375 px "Log in" and "Sign up" are one line each, in every language', async () => {
    await page.setViewportSize({ width: 375, height: 667 })
    await page.goto('/')
    const header = page.getByRole('banner')
    for (const [language, logIn, signUp] of [
      ['en', 'Log in', 'Sign up'],
      ['es', 'Iniciar sesión', 'Registrarse'],
      ['ht', 'Konekte', 'Enskri'],
    ] as const) {
      await languageSwitcher(page).selectOption(language)
      for (const name of [logIn, signUp]) {
        const link = await visible(header.getByRole('link', { name, exact: true }))
        const measured = await lineCount(link)
        expect(measured.lines, `${name} (${language})`).toBe(1)
        // The box holds one line of text: less than two line heights.
        expect(measured.content, `${name} (${language})`).toBeLessThan(measured.lineHeight * 1.5)
        // And it is on the screen, not pushed past its right edge.
        const box = (await link.boundingBox())!
        expect(box.x + box.width, `${name} (${language})`).toBeLessThanOrEqual(375)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
      await expectAccessible(page, `home at 375 px (${language})`)
    }
    await languageSwitcher(page).selectOption('en')
    if (SCREENS) {
      fs.mkdirSync(SCREENS, { recursive: true })
      await page.screenshot({ path: path.join(SCREENS, 'after-header-signed-out-375.png') })
    }
    expectNoPageErrors(context)
  })
})

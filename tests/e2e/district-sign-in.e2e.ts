import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect } from 'vitest'

import { Client } from '../helpers/client'
import { type DistrictIssuer, startDistrictIssuer } from '../helpers/districtIssuer'
import { baseURL, demoLogin, expectAccessible, expectSignedIn, launchBrowser, serialSteps, unique, visible, waitForPath } from './browser'

/**
 * District sign-in in a real browser against two districts, each its own OpenID provider on
 * loopback (oidc-provider: discovery, codes with PKCE, signed id_tokens, its development login
 * form), configured through the API by staff. The claims are Clever-shaped: user_id, user_type,
 * district, email, name.
 */
const keyA = unique('a').toLowerCase()
const keyB = unique('b').toLowerCase()
const nameA = `Alpha Unified ${keyA.slice(-4)}`
const nameB = `Beta County ${keyB.slice(-4)}`
const domainA = `${keyA}.k12.example`

const studentId = unique('stu')
const teacherId = unique('tea')
const people = {
  teacherA: {
    user_id: teacherId,
    user_type: 'teacher',
    district: 'alpha',
    email: `teacher@${domainA}`,
    given_name: 'Tessa',
    family_name: 'Alvarez',
    name: 'Tessa Alvarez',
  },
  studentA: { user_id: studentId, user_type: 'student', district: 'alpha', email: `kid@${domainA}`, given_name: 'Kim', family_name: 'Lee', name: 'Kim Lee' },
  // District B's user with the same district user id as A's student, and an address of A's domain.
  studentB: { user_id: studentId, user_type: 'student', district: 'beta', email: `kid@${domainA}`, given_name: 'Kim', family_name: 'Lee', name: 'Kim Lee' },
}

let issuerA: DistrictIssuer
let issuerB: DistrictIssuer
let browser: Browser
const contexts: BrowserContext[] = []
const pageErrors: string[] = []
const step = serialSteps()

/** A browser of its own (a district remembers who signed in there), in a language. */
const freshPage = async (locale = 'en-US'): Promise<Page> => {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 }, locale })
  context.setDefaultTimeout(15_000)
  context.setDefaultNavigationTimeout(30_000)
  contexts.push(context)
  const page = await context.newPage()
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`))
  return page
}

const me = (page: Page) => page.evaluate(async () => (await (await fetch('/api/users/me')).json()).user)

/** Chooses the district on /login and leaves for it. */
const chooseDistrict = async (page: Page, name: string, path = '/login') => {
  await page.goto(path)
  await page.getByRole('combobox', { name: 'Your school district' }).selectOption({ label: name })
  await page.getByRole('button', { name: 'Sign in with your district' }).click()
}

/** At the district's own (development) sign-in: the person's id as login, then consent. */
const signInAtDistrict = async (page: Page, accountId: string) => {
  await visible(page.getByPlaceholder('Enter any login'))
  await page.getByPlaceholder('Enter any login').fill(accountId)
  await page.getByPlaceholder('and password').fill('any-password')
  await page.getByRole('button', { name: 'Sign-in' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
}

beforeAll(async () => {
  const callback = (key: string) => `${baseURL()}/authenticate/district/${key}/callback`
  ;[issuerA, issuerB] = await Promise.all([
    startDistrictIssuer({ name: 'alpha', redirectUris: [callback(keyA)] }),
    startDistrictIssuer({ name: 'beta', redirectUris: [callback(keyB)] }),
  ])
  issuerA.people.set('teacher-a', people.teacherA)
  issuerA.people.set('student-a', people.studentA)
  issuerB.people.set('student-b', people.studentB)

  const staff = new Client(baseURL())
  const editor = demoLogin('Staff editor (every scope)')
  expect((await staff.post('/api/login', { username: editor.login, password: editor.password })).status).toBe(200)
  for (const [key, name, issuer] of [
    [keyA, nameA, issuerA],
    [keyB, nameB, issuerB],
  ] as const) {
    const res = await staff.post('/api/identity-providers', {
      name,
      key,
      issuer: issuer.issuer,
      clientId: issuer.clientId,
      clientSecret: issuer.clientSecret,
      userIdClaim: 'user_id',
      roleClaim: 'user_type',
      districtClaim: 'district',
      districtId: key === keyA ? 'alpha' : 'beta',
      emailDomains: key === keyA ? [domainA] : [],
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
  }
  browser = await launchBrowser()
})

afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined)
  await browser?.close()
  await issuerA?.stop()
  await issuerB?.stop()
})

let studentAccountId: number | undefined
let teacherCallback: URL | undefined

describe('sign in with your district', () => {
  step('/login offers both districts in a picker that passes axe', async () => {
    const page = await freshPage()
    await page.goto('/login')
    await visible(page.getByRole('heading', { level: 1, name: 'Log in to Civics360' }))
    const picker = await visible(page.getByRole('combobox', { name: 'Your school district' }))
    const options = await picker.locator('option').allTextContents()
    expect(options).toEqual(expect.arrayContaining(['Choose your district', nameA, nameB]))
    await page.getByRole('button', { name: 'Sign in with your district' }).click()
    await visible(page.getByText('Choose your district first.'))
    await expectAccessible(page, 'login with the district picker')
    if (process.env.SCREENS_DIR) await page.screenshot({ path: `${process.env.SCREENS_DIR}/login-district-picker.png`, fullPage: true })
  })

  step("a teacher of district A signs in through the district's redirects and lands on the page asked for, as a teacher", async () => {
    const page = await freshPage()
    await chooseDistrict(page, nameA, '/login?redirect=%2Fuser%2Fprofile')
    await signInAtDistrict(page, 'teacher-a')
    await waitForPath(page, '/user/profile')
    teacherCallback = issuerA.lastCallback()
    await expectSignedIn(page)
    const user = await me(page)
    expect(user.attributes.type).toBe('teacher')
    expect(user.email).toBe(people.teacherA.email)
  })

  step('a student of district A signs in with no password and shows as their generated username', async () => {
    const page = await freshPage()
    await chooseDistrict(page, nameA)
    await signInAtDistrict(page, 'student-a')
    await waitForPath(page, '/')
    await expectSignedIn(page)
    const user = await me(page)
    studentAccountId = user.id
    expect(user.attributes.type).toBe('student')
    expect(user.username).toMatch(/^[a-z]+-[a-z]+-\d+$/)
    expect(user.displayName).toBe(user.username)
    expect(user.email ?? null).toBeNull()
    expect(JSON.stringify(user)).not.toMatch(/Kim|Lee|kid@/)
    expect(user.providers).toEqual([{ provider: 'district', username: keyA }])
    await page.goto('/user/profile')
    await visible(page.getByText(user.username).first())
  })

  step("a user of district B with A's user id and an address of A's domain does not become A's student", async () => {
    const page = await freshPage()
    await chooseDistrict(page, nameB)
    await signInAtDistrict(page, 'student-b')
    await waitForPath(page, '/')
    const user = await me(page)
    expect(user.attributes.type).toBe('student')
    expect(user.id).not.toBe(studentAccountId)
  })
})

describe('refused sign-ins come back to /login with a clear message', () => {
  step('a tampered state', async () => {
    const page = await freshPage()
    issuerA.tamperNextState()
    await chooseDistrict(page, nameA)
    await signInAtDistrict(page, 'teacher-a')
    await waitForPath(page, '/login?error=state')
    await visible(page.getByRole('alert').filter({ hasText: 'Your sign-in took too long or could not be verified. Please try again.' }))
    expect((await me(page)) ?? null).toBeNull()
  })

  step('a replayed code', async () => {
    const usedCode = teacherCallback?.searchParams.get('code')
    expect(usedCode).toBeTruthy()
    const refusedBefore = issuerA.refusedCodes()
    const page = await freshPage()
    // This browser starts its own sign-in; the district "answers" with the teacher's used code, under this flow's own state.
    issuerA.answerNextWithCode(usedCode!)
    await chooseDistrict(page, nameA)
    await waitForPath(page, '/login?error=district_code')
    await visible(page.getByRole('alert').filter({ hasText: 'This sign-in was already used or has expired, so it was refused.' }))
    expect(issuerA.refusedCodes()).toBe(refusedBefore + 1)
    expect((await me(page)) ?? null).toBeNull()
  })

  step('an expired id_token', async () => {
    const page = await freshPage()
    issuerA.expireNextIdToken()
    await chooseDistrict(page, nameA)
    await signInAtDistrict(page, 'teacher-a')
    await waitForPath(page, '/login?error=district_token')
    await visible(page.getByRole('alert').filter({ hasText: "Your district's answer could not be verified or has expired, so it was refused." }))
    expect((await me(page)) ?? null).toBeNull()
  })

  step('in Spanish and Haitian Creole too', async () => {
    const spanish = await freshPage('es-ES')
    await spanish.goto('/login?error=district_token')
    await visible(spanish.getByRole('alert').filter({ hasText: 'No se pudo verificar la respuesta de tu distrito o ya venció' }))
    const creole = await freshPage('ht-HT')
    await creole.goto('/login?error=district_code')
    await visible(creole.getByRole('alert').filter({ hasText: 'Koneksyon sa a te deja sèvi oswa li ekspire' }))
    await visible(creole.getByRole('button', { name: 'Konekte ak distri ou' }))
    expect(pageErrors).toEqual([])
  })
})

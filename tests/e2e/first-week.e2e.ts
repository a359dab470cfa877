import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'

import {
  chooseLanguageSaved,
  expectAccessible,
  expectNoPageErrors,
  freshPagePerTest,
  languageSwitcher,
  newContext,
  submitLogin,
  visible,
  waitForPath,
} from './browser'
import { apiCall, createClassroom, logInAt, ok, signUpTeacher, type Teacher } from './consoleHelpers'

/**
 * A new teacher's first week, as she and her students met it: the names she pastes into Add
 * Students are the ones the Students table shows, in order; a student opens a primary source from
 * a reading in Spanish; Español chosen on the login page is still the language after signing in,
 * and the account's from then on; the classroom page never scrolls sideways, from a phone to a
 * laptop. Axe on each of those screens.
 */

type Login = { id: number; username: string; password: string; firstName: string | null }

/** Student accounts made as Add Students makes them (the API behind the dialog), with their one-time passwords. */
const addStudents = async (teacher: Teacher, classroomId: number, count: number): Promise<Login[]> =>
  ok(await apiCall('POST', `/api/classrooms/${classroomId}/students`, { token: teacher.token, body: { count } }), 201).students

/** The account as the server has it, read with the student's own session. */
const ownAccount = async (login: Login) => {
  const signedIn = ok(await apiCall('POST', '/api/login', { body: { username: login.username, password: login.password } }))
  return ok(await apiCall('GET', '/api/users/me', { token: signedIn.token })).user
}

const htmlLang = (target: Page) => target.evaluate(() => document.documentElement.lang)

/** Chooses Español on the login page, then signs in there with the Spanish form: on the home page after. */
const logInInSpanish = async (page: Page, login: Login) => {
  await page.goto('/login')
  await languageSwitcher(page).selectOption('es')
  await visible(page.getByRole('heading', { level: 1, name: 'Inicia sesión en Civics360' }))
  await page.getByLabel('Usuario o correo electrónico').fill(login.username)
  await page.getByLabel(/^Contraseña/).fill(login.password)
  await page.getByRole('button', { name: '¡Vamos!' }).click()
  await waitForPath(page, '/')
}

/** The names as the teacher pasted them: a class list, in the order she had it. */
const pastedNames = [
  'Zoe',
  'Liam',
  'Olivia',
  'Noah',
  'Emma',
  'Oliver',
  'Ava',
  'Elijah',
  'Sophia',
  'Mateo',
  'Isabella',
  'Lucas',
  'Mia',
  'Levi',
  'Amelia',
  'Asher',
  'Harper',
  'James',
  'Evelyn',
  'Leo',
  'Luna',
  'Jack',
  'Ella',
  'Ezra',
  'Chloe',
  'Theo',
  'Nora',
  'Kai',
  'Layla',
  'Jayden',
]

let teacher: Teacher
let classroom: { id: number; name: string; code: string }
let students: { id: number; name: string; code: string }
let browser: Browser
let page: Page
let context: Parameters<typeof expectNoPageErrors>[0]

beforeAll(async () => {
  teacher = await signUpTeacher('week')
  classroom = await createClassroom(teacher, 'Period 4 Civics')
  // The students of the reading and language checks, apart from the pasted list.
  students = await createClassroom(teacher, 'Period 6 Civics')
}, 60_000)

describe("a teacher's first week", () => {
  freshPagePerTest((session) => {
    page = session.page
    browser = session.browser
    context = session.context
  })

  it('the names pasted into Add Students are the Students table’s Name column, sorted by name', async () => {
    await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${classroom.id}`)
    await page.getByRole('button', { name: 'Add Students' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Add students' }))
    await dialog.getByLabel('A list of first names').check()
    await dialog.getByLabel('First names, one per line').fill(pastedNames.join('\n'))
    await dialog.getByRole('button', { name: 'Create Accounts' }).click()
    const cards = await visible(page.getByRole('region', { name: 'Login cards' }))
    await expect.poll(() => cards.locator('.login-card').count()).toBe(pastedNames.length)
    await cards.getByRole('button', { name: 'Done' }).click()

    const table = await visible(page.getByRole('table', { name: 'Students in Period 4 Civics' }))
    const nameColumn = (await table.locator('thead th').allTextContents()).indexOf('Name')
    expect(nameColumn).toBeGreaterThan(-1)
    const rows = table.locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(pastedNames.length)
    const shown = await rows.evaluateAll((trs, column) => trs.map((tr) => tr.children[column].textContent?.trim()), nameColumn)
    expect(shown).toEqual([...pastedNames].sort((a, b) => a.localeCompare(b)))
    // Still so when the page is opened again (the classroom read, not the answer of the creation).
    await page.reload()
    await visible(table)
    expect(await rows.evaluateAll((trs, column) => trs.map((tr) => tr.children[column].textContent?.trim()), nameColumn)).toEqual(shown)
    await expectAccessible(page, 'classroom page with named students')
    expectNoPageErrors(context)
  })

  // The class of the test before: thirty students, each with a row in the grid.
  it('the classroom page with a full grid never scrolls sideways, on a phone or a laptop; the grid scrolls in its own box', async () => {
    await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${classroom.id}`)
    for (const [width, height] of [
      [375, 667],
      [1024, 768],
      [1280, 800],
      [1366, 768],
    ]) {
      await page.setViewportSize({ width, height })
      await page.goto(`/user/classrooms/${classroom.id}`)
      const grid = await visible(page.getByRole('table', { name: 'Progress of each student, Period 4 Civics' }))
      await expect.poll(() => grid.locator('tbody tr').count()).toBe(pastedNames.length)
      const page_ = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }))
      expect(page_.scrollWidth, `the page's width at ${width} px`).toBeLessThanOrEqual(page_.clientWidth)
      // Add Students is on screen, not past its right edge.
      const add = (await page.getByRole('button', { name: 'Add Students' }).boundingBox())!
      expect(add.x + add.width, `Add Students at ${width} px`).toBeLessThanOrEqual(page_.clientWidth)
      // The grid is wider than its box and scrolls inside it, not the page: a labelled region the keyboard reaches.
      const region = page.getByRole('region', { name: 'Progress grid (scrolls sideways)' })
      const box = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, tabIndex: (el as HTMLElement).tabIndex }))
      expect(box.scrollWidth).toBeGreaterThan(box.clientWidth)
      expect(box.tabIndex).toBe(0)
      await region.focus()
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Progress grid (scrolls sideways)')
      await region.hover()
      await page.mouse.wheel(400, 0)
      await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
      expect(await page.evaluate(() => window.scrollX)).toBe(0)
      if (width === 375 || width === 1280) await expectAccessible(page, `classroom page at ${width} px`)
    }
    expectNoPageErrors(context)
  })

  it('a student opens a reading’s primary source in Spanish and gets the file', async () => {
    const [student] = await addStudents(teacher, students.id, 1)
    await logInAt(page, student.username, student.password)
    await chooseLanguageSaved(page, 'es')
    await visible(page.getByRole('banner').getByRole('link', { name: 'Temas' }))
    await page.goto('/topics')
    await page.getByRole('link', { name: 'Ciudadanía', exact: true }).first().click()
    await visible(page.getByRole('heading', { level: 1, name: 'Ciudadanía' }))
    await page.getByRole('link', { name: 'Cómo llegar a ser ciudadano' }).first().click()
    await visible(page.getByRole('heading', { level: 1, name: 'Cómo llegar a ser ciudadano' }))

    // The link is named by the file's title and says that it opens a new tab.
    const link = await visible(page.getByRole('link', { name: 'Juramento de Lealtad (texto en inglés) (se abre en una pestaña nueva)' }))
    expect(await link.getAttribute('target')).toBe('_blank')
    await expectAccessible(page, 'module with a primary source, in Spanish')
    const [opened] = await Promise.all([page.waitForEvent('popup'), link.click()])
    const answer = await opened.waitForEvent('response', { predicate: (response) => response.url() === opened.url() }).catch(() => null)
    await opened.waitForLoadState()
    // The file as the new tab received it: read again through the tab's own request context.
    const file = answer ?? (await opened.request.get(opened.url()))
    expect(file.status()).toBe(200)
    expect(file.headers()['content-type']).toMatch(/^text\/plain/)
    expect(await opened.locator('body').innerText()).toContain('I hereby declare, on oath')
    await opened.close()

    // In Haitian Creole too.
    await languageSwitcher(page).selectOption('ht')
    const creole = await visible(page.getByRole('link', { name: 'Sèman Fidelite (tèks an angle) (li louvri nan yon nouvo onglè)' }))
    const href = (await creole.getAttribute('href'))!
    const fetched = await page.request.get(href)
    expect(fetched.status()).toBe(200)
    expect(fetched.headers()['content-type']).toMatch(/^text\/plain/)
    expectNoPageErrors(context)
  })

  it('Español chosen on the login page carries into the session and becomes the language of an account that had none', async () => {
    const [student] = await addStudents(teacher, students.id, 1)
    expect((await ownAccount(student)).language).toBeNull()

    await logInInSpanish(page, student)
    await visible(page.getByRole('banner').getByRole('button', { name: 'Menú de la cuenta' }))
    await visible(page.getByRole('heading', { name: 'Aprende cómo funciona el gobierno' }))
    expect(await htmlLang(page)).toBe('es')
    await expectAccessible(page, 'home after signing in, in Spanish')
    // Saved to the account: a fresh browser (English) opens in Spanish once signed in.
    await expect.poll(async () => (await ownAccount(student)).language).toBe('es')
    const elsewhere = await newContext(browser)
    try {
      const fresh = await elsewhere.newPage()
      await fresh.goto('/login')
      expect(await htmlLang(fresh)).toBe('en')
      await submitLogin(fresh, student.username, student.password)
      await waitForPath(fresh, '/')
      await visible(fresh.getByRole('banner').getByRole('link', { name: 'Temas' }))
      expect(await htmlLang(fresh)).toBe('es')
      expectNoPageErrors(elsewhere)
    } finally {
      await elsewhere.close()
    }
    expectNoPageErrors(context)
  })

  it('an account with a language of its own keeps it; the choice made before login holds for that session', async () => {
    const [student] = await addStudents(teacher, students.id, 1)
    const signedIn = ok(await apiCall('POST', '/api/login', { body: { username: student.username, password: student.password } }))
    ok(await apiCall('PUT', `/api/users/${student.id}/theme`, { token: signedIn.token, body: { language: 'ht' } }))

    await logInInSpanish(page, student)
    await visible(page.getByRole('banner').getByRole('link', { name: 'Temas' }))
    expect(await htmlLang(page)).toBe('es')
    // A reload keeps the session's language; the account keeps its own.
    await page.reload()
    await visible(page.getByRole('banner').getByRole('link', { name: 'Temas' }))
    expect(await htmlLang(page)).toBe('es')
    expect((await ownAccount(student)).language).toBe('ht')

    // Logged out, the next person at this browser starts from the browser's language again.
    await page.getByRole('button', { name: 'Menú de la cuenta' }).click()
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click()
    await visible(page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }))
    expect(await htmlLang(page)).toBe('en')
    await page.goto('/login')
    await submitLogin(page, student.username, student.password)
    await waitForPath(page, '/')
    await visible(page.getByRole('banner').getByRole('link', { name: 'Sijè yo' }))
    expect(await htmlLang(page)).toBe('ht')
    expectNoPageErrors(context)
  })
})

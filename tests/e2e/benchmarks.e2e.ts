import fs from 'node:fs'
import path from 'node:path'

import type { Browser, BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect } from 'vitest'

import { expectAccessible, expectNoPageErrors, freshPagePerTest, newContext, serialSteps, visible } from './browser'
import { apiCall, createClassroom, createStaff, logInAt, ok, signUpTeacher, type StaffAccount, type Teacher } from './consoleHelpers'

/**
 * A staff editor tags the seeded quiz's module with SS.7.CG.1.4 (and
 * gives it a Spanish title); coverage shows it; a student passes its quiz; the teacher's mastery
 * view shows that student's cell for SS.7.CG.1.4 and for its reporting category; the benchmark
 * filter on Explore Topics finds the module, and the search finds it in Spanish by its Spanish
 * title. Axe on coverage, the mastery view and the search results; the mastery view by keyboard.
 */

const MODULE = 'The Bill of Rights and Amendments'
const SPANISH_TITLE = 'La Carta de Derechos y las enmiendas'
const CODE = 'SS.7.CG.1.4'

let staff: StaffAccount
let teacher: Teacher
let classroom: { id: number; name: string }
let student: { username: string; password: string }
let moduleId: number

beforeAll(async () => {
  staff = await createStaff(['modules:write'], 'tagger')
  teacher = await signUpTeacher('mastery')
  classroom = await createClassroom(teacher, 'Period 2 Civics')
  student = ok(await apiCall('POST', `/api/classrooms/${classroom.id}/students`, { token: teacher.token, body: { firstNames: ['Ava'] } }), 201).students[0]
  moduleId = ok(await apiCall('GET', `/api/modules?where[title][equals]=${encodeURIComponent(MODULE)}&depth=0`)).docs[0].id
}, 60_000)

/** A screenshot for a person to look at, when SCREENS_DIR names a folder. */
const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENS_DIR
  if (!dir) return
  fs.mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true })
}

/** The student passes the seeded quiz in a browser of their own (three right answers). */
const passQuiz = async (browser: Browser) => {
  const context = await newContext(browser)
  try {
    const page = await context.newPage()
    await logInAt(page, student.username, student.password, `/modules/${moduleId}`)
    // The module page names its benchmarks with their official wording.
    const benchmarks = await visible(page.getByRole('region', { name: 'Florida benchmarks' }))
    await visible(benchmarks.getByText(/^SS\.7\.CG\.1\.4/))
    await visible(benchmarks.getByText(/Analyze how Enlightenment ideas/))
    await shot(page, 'module-benchmarks')
    await page.getByRole('button', { name: 'Start Bill of Rights Quiz' }).click()
    const frame = page.getByRole('dialog').frameLocator('iframe').frameLocator('#package-frame')
    await visible(frame.getByText(`Taking the quiz as ${student.username}.`))
    for (const answer of ['The First Amendment', 'unreasonable searches and seizures', 'Tenth Amendment'])
      await frame.getByLabel(answer, { exact: true }).check()
    await frame.getByRole('button', { name: 'Check my answers' }).click()
    await visible(frame.getByText('You answered 3 of 3 correctly. You passed!'))
    // The package reports on its own time; the student's own read shows when the result is saved.
    await expect
      .poll(
        () =>
          page.evaluate(async (title) => {
            const quiz = (await (await fetch(`/api/activities?where[title][equals]=${encodeURIComponent(title)}&depth=0`)).json()).docs[0]
            return (await (await fetch(`/api/attempts?where[activity][equals]=${quiz.id}&depth=0`)).json()).docs[0]?.status
          }, 'Bill of Rights Quiz'),
        { timeout: 15_000 },
      )
      .toBe('passed')
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expectNoPageErrors(context)
  } finally {
    await context.close()
  }
}

/** A cell of a table, by the text of its row header and its column header. */
const cell = async (table: ReturnType<Page['getByRole']>, row: RegExp, column: string) => {
  const headers = (await table.locator('thead th').allTextContents()).map((h) => h.trim())
  const at = headers.findIndex((h) => h.startsWith(column))
  expect(at, `a column ${column} in ${headers.join(' | ')}`).toBeGreaterThan(0)
  const line = table.locator('tbody tr').filter({ has: table.page().getByRole('rowheader', { name: row }) })
  return (await line.locator('th, td').nth(at).textContent())?.trim()
}

describe('Florida benchmarks: tagging, coverage, mastery and finding content', () => {
  let page: Page
  let browser: Browser
  let context: BrowserContext
  freshPagePerTest((session) => {
    page = session.page
    browser = session.browser
    context = session.context
  })
  const step = serialSteps()

  step('staff tag the module with SS.7.CG.1.4 and give it a Spanish title in the console; coverage shows it', async () => {
    await logInAt(page, staff.email, staff.password, `/console/modules/${moduleId}`)
    await visible(page.getByRole('heading', { level: 1, name: 'Edit Module' }))
    const picker = page.getByRole('group', { name: 'Florida benchmarks' })
    await picker.getByText('Choose benchmarks').click()
    await picker.getByRole('checkbox', { name: new RegExp(`^${CODE.replace(/\./g, '\\.')} `) }).check()
    // The chosen codes are listed above the boxes.
    await expect.poll(() => picker.locator('.field-hint').textContent()).toMatch(new RegExp(`(^|, )${CODE.replace(/\./g, '\\.')}(,|$)`))
    await shot(page, 'benchmark-picker')
    await page.getByRole('button', { name: 'Save Module' }).click()
    await visible(page.getByRole('status').filter({ hasText: 'Module saved.' }))

    await page.getByLabel('Content language').selectOption('es')
    await expect.poll(() => page.getByLabel(/^Title/).inputValue()).toBe('')
    await page.getByLabel(/^Title/).fill(SPANISH_TITLE)
    await page.getByLabel(/^Content \(markdown\)/).fill('## La Carta de Derechos\n\nLas diez primeras enmiendas.')
    await page.getByRole('button', { name: 'Save Module' }).click()
    await visible(page.getByRole('status').filter({ hasText: 'Module saved.' }))

    await page.getByRole('link', { name: 'Benchmarks', exact: true }).click()
    const coverage = await visible(page.getByRole('table', { name: 'Florida benchmarks and the content that teaches them' }))
    const row = coverage.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${CODE.replace(/\./g, '\\.')} `) }) })
    await visible(row.getByRole('link', { name: MODULE }))
    await visible(row.getByRole('link', { name: 'Bill of Rights Quiz' }))
    // Untaught first: the first row teaches nothing yet.
    await expect.poll(() => coverage.locator('tbody tr').first().locator('td').nth(1).textContent()).toBe('None yet')
    await expectAccessible(page, 'benchmark coverage')
    await shot(page, 'benchmark-coverage')
    expectNoPageErrors(context)
  })

  step(
    'a student passes its quiz; the teacher’s mastery view shows the student’s cell for SS.7.CG.1.4 and its reporting category, by keyboard too',
    async () => {
      await passQuiz(browser)
      const expected = ok(await apiCall('GET', `/api/classrooms/${classroom.id}/benchmarks`, { token: teacher.token }))
      const at = expected.benchmarks.findIndex((b: { code: string }) => b.code === CODE)
      const value = expected.rows[0].benchmarks[at]
      expect(value.done).toBe(1)
      expect(value.average).toBe(100)
      expect(expected.benchmarks[at].reportingCategory).toBe('1')

      await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${classroom.id}`)
      const mastery = await visible(page.getByRole('table', { name: `Mastery of Florida benchmarks by each student, ${classroom.name}` }))
      expect(await cell(mastery, /Ava/, CODE)).toBe(`1 of ${value.total} done · 100%`)
      // Its reporting category under the code, in words.
      await visible(mastery.getByRole('columnheader', { name: `${CODE} Category 1` }))
      await shot(page, 'benchmark-mastery')

      // By keyboard: the scroll area takes the focus, and the view's select changes to the categories.
      const region = page.getByRole('region', { name: 'Benchmark mastery (scrolls sideways)' })
      await region.focus()
      expect(await region.evaluate((el) => el === document.activeElement)).toBe(true)
      const show = page.getByRole('region', { name: 'Benchmark Mastery' }).getByLabel('Group by')
      await show.focus()
      await show.selectOption('categories')
      const category = expected.rows[0].categories[expected.categories.indexOf('1')]
      const byCategory = await visible(page.getByRole('table', { name: `Mastery of Florida benchmarks by each student, ${classroom.name}` }))
      expect(await cell(byCategory, /Ava/, 'Category 1')).toBe(`${category.done} of ${category.total} done · ${category.average}%`)
      await expectAccessible(page, 'benchmark mastery')
      await shot(page, 'benchmark-mastery-categories')

      // The CSV holds the same cell.
      const csv = await page.evaluate(async (id) => (await fetch(`/api/classrooms/${id}/benchmarks/csv`)).text(), classroom.id)
      const [header, line] = csv.replace(/^\uFEFF/, '').split('\r\n')
      const columns = header.replace(/"[^"]*"/g, 'quoted').split(',')
      const doneAt = columns.indexOf(`${CODE}: done`)
      expect(line.split(',').slice(doneAt, doneAt + 3)).toEqual(['1', String(value.total), '100'])
      expectNoPageErrors(context)
    },
  )

  step('the benchmark filter on Explore Topics finds the module, and the search finds it in Spanish by its Spanish title', async () => {
    await page.goto('/topics')
    await page.getByLabel('Florida benchmark').selectOption({ label: CODE })
    const results = page.locator('.find-content-results')
    await visible(results.getByRole('link', { name: MODULE, exact: true }))
    await expectAccessible(page, 'Explore Topics filtered by benchmark')
    await shot(page, 'explore-topics-benchmark-filter')

    const visitor = await browser.newContext({ baseURL: new URL(page.url()).origin, locale: 'es-ES' })
    try {
      const spanish = await visitor.newPage()
      await spanish.goto('/topics')
      await visible(spanish.getByRole('heading', { level: 1, name: 'Explorar temas' }))
      await spanish.getByLabel('Buscar temas, módulos y actividades').fill('carta de derechos')
      await spanish.getByRole('button', { name: 'Buscar', exact: true }).click()
      // Module pages need a login (spec section 2): the result links there.
      const found = await visible(spanish.locator('.find-content-results').getByRole('link', { name: SPANISH_TITLE, exact: true }))
      expect(await found.getAttribute('href')).toBe(`/modules/${moduleId}`)
      await visible(spanish.getByRole('status').filter({ hasText: '1 resultado' }))
      await expectAccessible(spanish, 'a Spanish search result')
      await shot(spanish, 'explore-topics-spanish-search')
    } finally {
      await visitor.close()
    }
    expectNoPageErrors(context)
  })
})

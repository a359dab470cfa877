import fs from 'node:fs'

import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'

import { expectAccessible, expectNoPageErrors, freshPagePerTest, logSize, newContext, unique, visible, waitForPath } from './browser'
import { apiCall, confirmEmail, logInAt } from './consoleHelpers'

/**
 * a teacher bulk-creates five students and prints their login cards, two of
 * them log in and take the seeded quiz, the teacher sees their scores in the progress grid, opens
 * one student's page and downloads the CSV; another teacher sees none of it. Axe on the grid, the
 * student page and the print view; the grid's controls by keyboard.
 */

type Teacher = { id: number; login: string; password: string; token: string; classroom: { id: number; code: string } }
type Card = { username: string; password: string }

const ok = <T = any>(answer: { status: number; body: T }, status = 200): T => {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
  return answer.body
}

const signUpTeacher = async (): Promise<Teacher> => {
  const login = `${unique('roster')}@e2e.test`
  const password = 'Teacher-pass-123'
  const logFrom = logSize()
  const signup = ok(await apiCall('POST', '/api/signup', { body: { providers: [{ provider: 'local', username: login, password }] } }), 201)
  await confirmEmail(login, logFrom)
  const code = unique('RS')
    .toUpperCase()
    .replace(/[^A-Z0-9-]/g, '')
    .slice(0, 20)
  const created = ok(await apiCall('POST', `/api/users/${signup.user.id}/classrooms`, { token: signup.token, body: { name: 'Period 4 Civics', code } }), 201)
  return { id: signup.user.id, login, password, token: signup.token, classroom: { id: created.id ?? created.doc?.id, code } }
}

const firstNames = ['Ava', 'Ben', 'Cleo', 'Dev', 'Eve']
let teacher: Teacher
let otherTeacher: Teacher
let cards: Card[] = []

beforeAll(async () => {
  teacher = await signUpTeacher()
  otherTeacher = await signUpTeacher()
}, 60_000)

/** A student signs in on their own browser context and takes the seeded quiz with these answers. */
const takeQuiz = async (browser: Browser, card: Card, answers: string[], expected: string) => {
  const context = await newContext(browser)
  try {
    const page = await context.newPage()
    const quiz = ok(await apiCall('GET', '/api/activities?where[title][equals]=Bill%20of%20Rights%20Quiz&depth=0', { token: teacher.token })).docs[0]
    await logInAt(page, card.username, card.password, `/modules/${quiz.module}`)
    await page.getByRole('button', { name: 'Start Bill of Rights Quiz' }).click()
    const frame = page.getByRole('dialog').frameLocator('iframe').frameLocator('#package-frame')
    await visible(frame.getByText(`Taking the quiz as ${card.username}.`))
    for (const answer of answers) await frame.getByLabel(answer, { exact: true }).check()
    await frame.getByRole('button', { name: 'Check my answers' }).click()
    await visible(frame.getByText(expected))
    // The package reports its result on its own time; the student's own read shows when it is saved.
    await expect
      .poll(() => page.evaluate(async (id) => (await (await fetch(`/api/attempts?where[activity][equals]=${id}&depth=0`)).json()).docs[0]?.status, quiz.id), {
        timeout: 15_000,
      })
      .toMatch(/passed|failed/)
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
    expectNoPageErrors(context)
  } finally {
    await context.close()
  }
}

/** The grid's cell for a student and an activity: the row's header holds the student's name, then the username. */
const gridCell = async (page: Page, username: string, activity: string) => {
  const table = page.getByRole('table', { name: /^Progress of each student/ })
  const headers = await table.locator('thead tr').last().locator('th').allTextContents()
  const row = table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: new RegExp(` ${username}$`) }) })
  return (await row.locator('th, td').nth(headers.indexOf(activity)).textContent())?.trim()
}

describe('a teacher runs the roster and reads the progress grid', () => {
  let page: Page
  let browser: Browser
  let context: Parameters<typeof expectNoPageErrors>[0]
  freshPagePerTest((session) => {
    page = session.page
    browser = session.browser
    context = session.context
  })

  it('bulk-creates five students and prints their login cards', async () => {
    await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${teacher.classroom.id}`)
    await visible(page.getByText('No students yet: add some to see their progress.'))
    await page.getByRole('button', { name: 'Add Students' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Add students' }))
    await dialog.getByLabel('A list of first names').check()
    await dialog.getByLabel('First names, one per line').fill(firstNames.join('\n'))
    await dialog.getByRole('button', { name: 'Create Accounts' }).click()

    const section = await visible(page.getByRole('region', { name: 'Login cards' }))
    const list = section.locator('.login-card')
    await expect.poll(() => list.count()).toBe(5)
    cards = await list.evaluateAll((items) =>
      items.map((item) => {
        const values = Array.from(item.querySelectorAll('dd')).map((dd) => dd.textContent ?? '')
        return { username: values[1], password: values[2], code: values[3], site: values[0] }
      }),
    )
    expect(cards.map((c: any) => c.code)).toEqual(Array(5).fill(teacher.classroom.code))
    expect(cards.every((c: any) => c.site.endsWith('/login'))).toBe(true)
    expect(new Set(cards.map((c) => c.username)).size).toBe(5)
    // Usernames come from the signup generator, never from a first name. Compared word by word: a
    // generated word may contain a name by chance ("clever" holds "eve").
    for (const card of cards) expect(card.username).toMatch(/^[a-z]+-[a-z]+-\d{3}$/)
    for (const name of firstNames) expect(cards.some((c) => c.username.split('-').includes(name.toLowerCase()))).toBe(false)
    await expectAccessible(page, 'login cards')

    // The print view: only the cards, holding the five usernames.
    await page.emulateMedia({ media: 'print' })
    for (const card of cards) await visible(section.locator('dd').getByText(card.username, { exact: true }))
    expect(await page.getByRole('button', { name: 'Print Cards' }).isVisible()).toBe(false)
    expect(await page.getByRole('banner').isVisible()).toBe(false)
    expect(await section.evaluate((el) => getComputedStyle(el.querySelector('.login-card')!).breakInside)).toBe('avoid')
    await expectAccessible(page, 'login cards, print view')
    await page.emulateMedia({ media: 'screen' })

    await section.getByRole('button', { name: 'Done' }).click()
    const students = page.getByRole('table', { name: 'Students in Period 4 Civics' })
    for (const card of cards) await visible(students.getByRole('cell', { name: card.username, exact: true }))
    expectNoPageErrors(context)
  })

  it('two students take the seeded quiz; the teacher sees their scores in the grid, on a student page and in the CSV', async () => {
    expect(cards).toHaveLength(5)
    const [ava, ben] = cards
    await takeQuiz(browser, ava, ['The First Amendment', 'unreasonable searches and seizures', 'Tenth Amendment'], 'You answered 3 of 3 correctly. You passed!')
    await takeQuiz(
      browser,
      ben,
      ['The Fifth Amendment', 'cruel and unusual punishment', 'Tenth Amendment'],
      'You answered 1 of 3 correctly. Try again to pass.',
    )

    await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${teacher.classroom.id}`)
    const grid = await visible(page.getByRole('table', { name: 'Progress of each student, Period 4 Civics' }))
    // Module completion first; every activity one choice away.
    await page.getByLabel('Show').selectOption({ label: 'Activities' })
    await visible(grid.getByRole('columnheader', { name: 'Bill of Rights Quiz' }))
    expect(await gridCell(page, ava.username, 'Bill of Rights Quiz')).toBe('PPassed 100%')
    expect(await gridCell(page, ben.username, 'Bill of Rights Quiz')).toBe('FFailed 33%')
    expect(await gridCell(page, cards[2].username, 'Bill of Rights Quiz')).toBe('–Not started')
    await expectAccessible(page, 'progress grid')

    // Opened by its address, the page fetches the grid's two answers, its assignments and its
    // mastery once each, beside its scripts: its HTML preloads them and the SPA uses those answers (a
    // preload it did not use would be a second fetch). The columns, kept by the browser since the
    // first visit, are revalidated: a 304, so only headers cross the network (Chromium counts them as
    // 300 bytes), less than the body.
    await page.reload()
    await visible(page.getByRole('table', { name: 'Progress of each student, Period 4 Civics' }))
    await page.getByLabel('Show').selectOption({ label: 'Activities' })
    await visible(grid.getByRole('columnheader', { name: 'Bill of Rights Quiz' }))
    expect(await gridCell(page, ava.username, 'Bill of Rights Quiz')).toBe('PPassed 100%')
    const gridFetches = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => /\/progress$|\/api\/activities\/columns$|\/benchmarks$|^\/api\/assignments$/.test(new URL(entry.name).pathname))
        .map((entry) => ({
          path: new URL(entry.name).pathname,
          initiator: entry.initiatorType,
          revalidated: entry.transferSize < entry.encodedBodySize,
        }))
        // All are fetched at once, so the order they finish in (the timeline's order) can be any.
        .sort((a, b) => a.path.localeCompare(b.path)),
    )
    expect(gridFetches).toEqual([
      { path: '/api/activities/columns', initiator: 'link', revalidated: true },
      { path: '/api/assignments', initiator: 'link', revalidated: false },
      { path: `/api/classrooms/${teacher.classroom.id}/benchmarks`, initiator: 'link', revalidated: false },
      { path: `/api/classrooms/${teacher.classroom.id}/progress`, initiator: 'link', revalidated: false },
    ])

    // The controls by keyboard: filter to the quiz's topic, sort by score, switch to module completion.
    const topicFilter = page.getByLabel('Topic', { exact: true })
    await topicFilter.focus()
    const topics = await topicFilter.locator('option').allTextContents()
    for (let i = 0; i < topics.indexOf('The Constitution'); i++) await page.keyboard.press('ArrowDown')
    await expect.poll(() => topicFilter.evaluate((el: HTMLSelectElement) => el.selectedOptions[0].textContent)).toBe('The Constitution')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe(await page.getByLabel('Sort by').getAttribute('id'))
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => grid.locator('tbody tr').first().locator('th').textContent()).toMatch(new RegExp(` ${ava.username}$`))
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => grid.locator('tbody tr').last().locator('th').textContent()).toMatch(new RegExp(` ${ava.username}$`))
    await expect.poll(() => grid.locator('tfoot td').allTextContents()).toContain('67%')
    const view = page.getByLabel('Show')
    await view.focus()
    // Activities is the last choice, module completion the first.
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    await visible(grid.getByRole('columnheader', { name: 'The Bill of Rights and Amendments', exact: true }))
    expect(await gridCell(page, ava.username, 'The Bill of Rights and Amendments')).toMatch(/^1 of \d+ done · 100%$/)
    // The scrolling grid is reachable by keyboard (axe's scrollable-region rule, and real use).
    await page.getByRole('region', { name: 'Progress grid (scrolls sideways)' }).focus()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Progress grid (scrolls sideways)')

    const download = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe('period-4-civics-progress.csv')
    const csv = fs.readFileSync((await file.path())!, 'utf8')
    expect(csv).toContain(`${ava.username},Ava,The Constitution,`)
    expect(csv).toMatch(new RegExp(`${ava.username},Ava,The Constitution,[^\\r\\n]*,Bill of Rights Quiz,Passed,100,\\d{4}-\\d{2}-\\d{2}\\r\\n`))
    expect(csv).toMatch(new RegExp(`${ben.username},Ben,The Constitution,[^\\r\\n]*,Bill of Rights Quiz,Failed,33,\\d{4}-\\d{2}-\\d{2}\\r\\n`))

    // One student's page, from the grid.
    await grid.getByRole('link', { name: 'Ava', exact: true }).click()
    await waitForPath(page, new RegExp(`^/user/classrooms/${teacher.classroom.id}/students/\\d+$`))
    await visible(page.getByRole('heading', { level: 1, name: `Progress of ${ava.username} (Ava)` }))
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Bill of Rights Quiz' }) })
    expect((await row.locator('td').allTextContents()).slice(0, 3)).toEqual(['P Passed', '100%', '1'])
    await expectAccessible(page, 'student progress page')
    expectNoPageErrors(context)
  })

  it('another teacher sees none of it', async () => {
    await logInAt(page, otherTeacher.login, otherTeacher.password, '/user/classrooms')
    await page.goto(`/user/classrooms/${teacher.classroom.id}`)
    await visible(page.getByRole('heading', { level: 1, name: /not found/i }))
    const studentId = ok(await apiCall('GET', `/api/classrooms/${teacher.classroom.id}/progress`, { token: teacher.token })).students[0].id
    await page.goto(`/user/classrooms/${teacher.classroom.id}/students/${studentId}`)
    await expect.poll(() => page.getByText(cards[0].username).count()).toBe(0)
    await visible(page.getByRole('alert'))
    for (const path of ['progress', 'progress/csv', `students/${studentId}/progress`, `students/${studentId}/data`]) {
      expect((await apiCall('GET', `/api/classrooms/${teacher.classroom.id}/${path}`, { token: otherTeacher.token })).status).toBe(403)
    }
    expect((await apiCall('DELETE', `/api/classrooms/${teacher.classroom.id}/students/${studentId}/account`, { token: otherTeacher.token })).status).toBe(403)
  })
})

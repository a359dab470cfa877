import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Browser, BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'

import { expectAccessible, expectNoPageErrors, freshPagePerTest, newContext, visible, waitForPath } from './browser'
import { apiCall, createClassroom, logInAt, ok, signUpTeacher, type Teacher } from './consoleHelpers'

/**
 * A new teacher's first week, the way she met it: thirty names pasted into Add Students, the login
 * cards printed (every token on one line, eight cards to a Letter page, the class named on each),
 * leaving the cards asks first, the whole class's cards made again with new passwords that work;
 * one menu per student row, used by keyboard, and a student's account deleted only once her name
 * is typed; a classroom archived, then deleted; a student marking a reading done and the grid
 * counting it, while loading a module, or a teacher opening an activity, records nothing.
 * Screenshots go to SCREENS_DIR when it is set (they are not part of the repository).
 */

const names =
  'Ava Ben Cleo Dev Eve Finn Gia Hugo Iris Jack Kai Lena Milo Nora Omar Pia Quinn Rosa Sam Tara Uma Vic Wren Xena Yara Zane Abby Bodhi Cruz Dana'.split(' ')
type Card = { username: string; password: string; firstName: string }
const shot = async (page: Page, name: string, options: { fullPage?: boolean } = {}) => {
  const dir = process.env.SCREENS_DIR
  if (!dir) return
  fs.mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}.png`), ...options })
}

/** The cards on screen: first name (from the heading), username and password. */
const readCards = (page: Page) =>
  page.locator('.login-card').evaluateAll((items) =>
    items.map((item) => {
      const values = Array.from(item.querySelectorAll('dd')).map((dd) => dd.textContent ?? '')
      return { firstName: (item.querySelector('h3')?.textContent ?? '').split(' · ')[1] ?? '', username: values[1], password: values[2] }
    }),
  )

/** Whether a student can sign in with these words (a fresh browser, the real login form's API). */
const signsIn = async (username: string, password: string) => (await apiCall('POST', '/api/login', { body: { username, password } })).status === 200

let teacher: Teacher
let classroom: { id: number; code: string; name: string }
let cards: Card[] = []

beforeAll(async () => {
  teacher = await signUpTeacher('week')
  classroom = await createClassroom(teacher, 'Period 2 Civics')
}, 60_000)

describe("a teacher's first week", () => {
  let page: Page
  let browser: Browser
  let context: BrowserContext
  freshPagePerTest((session) => {
    page = session.page
    browser = session.browser
    context = session.context
  })

  it('pastes thirty names, prints cards whose every token is one line, eight to a Letter page, each naming the class', async () => {
    await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${classroom.id}`)
    await page.getByRole('button', { name: 'Add Students' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Add students' }))
    await dialog.getByLabel('A list of first names').check()
    await dialog.getByLabel('First names, one per line').fill(names.join('\n'))
    await dialog.getByRole('button', { name: 'Create Accounts' }).click()
    const section = await visible(page.getByRole('region', { name: 'Login cards' }))
    await expect.poll(() => section.locator('.login-card').count()).toBe(30)
    cards = await readCards(page)
    expect(cards.map((c) => c.firstName)).toEqual(names)
    for (const card of await section.locator('.login-card').all()) await visible(card.getByText('Class: Period 2 Civics', { exact: true }))
    await expectAccessible(page, 'login cards')
    await shot(page, 'after-cards-screen', { fullPage: true })

    // Print: each token (address, username, password, code) is one line of its own line height.
    await page.emulateMedia({ media: 'print' })
    const heights = await section.locator('.card-token').evaluateAll((tokens) =>
      tokens.map((token) => {
        const style = getComputedStyle(token)
        return {
          text: token.textContent,
          height: token.getBoundingClientRect().height,
          line: parseFloat(style.lineHeight),
          width: token.scrollWidth,
          box: token.clientWidth,
        }
      }),
    )
    expect(heights).toHaveLength(30 * 4)
    for (const token of heights) {
      expect(token.height, `${token.text} wraps`).toBeLessThan(token.line * 1.5)
      expect(token.width, `${token.text} overflows its card`).toBeLessThanOrEqual(token.box)
    }
    await expectAccessible(page, 'login cards, print view')
    await shot(page, 'after-cards-print', { fullPage: true })
    // Eight to a Letter page: the printed file has four pages, the first three holding eight cards each.
    const pdf = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cards-')), 'cards.pdf')
    await page.pdf({ path: pdf, preferCSSPageSize: true })
    if (process.env.SCREENS_DIR) fs.copyFileSync(pdf, path.join(process.env.SCREENS_DIR, 'after-cards.pdf'))
    const perPage = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' })
      .split('\f')
      .filter((text) => text.trim())
      .map((text) => text.match(/Civics360 login/g)?.length ?? 0)
    expect(perPage).toEqual([8, 8, 8, 6])
    await page.emulateMedia({ media: 'screen' })

    // Leaving asks first: a link in the header, Back, and closing the tab each ask; "stay" keeps the cards.
    const asked: string[] = []
    page.on('dialog', (question) => {
      asked.push(question.type())
      void question.dismiss()
    })
    await page.getByRole('link', { name: 'Civics360', exact: true }).first().click()
    await expect.poll(() => asked).toEqual(['confirm'])
    expect(new URL(page.url()).pathname).toBe(`/user/classrooms/${classroom.id}`)
    await page.goBack()
    await expect.poll(() => asked).toEqual(['confirm', 'confirm'])
    await visible(section)
    expect(new URL(page.url()).pathname).toBe(`/user/classrooms/${classroom.id}`)
    await page.close({ runBeforeUnload: true })
    await expect.poll(() => asked).toEqual(['confirm', 'confirm', 'beforeunload'])
    expect(page.isClosed()).toBe(false)
    expect(await section.locator('.login-card').count()).toBe(30)
    expect(await signsIn(cards[0].username, cards[0].password)).toBe(true)
    expectNoPageErrors(context)
  })

  it('makes the whole class new cards in one action, after saying it resets them; the new passwords work, the old ones no longer', async () => {
    expect(cards).toHaveLength(30)
    await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${classroom.id}`)
    await page.getByRole('button', { name: 'New Cards for the Whole Class' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'New passwords for every student of Period 2 Civics?' }))
    await visible(dialog.getByText(/current passwords stop working/))
    await expectAccessible(page, 'new cards confirmation')
    await dialog.getByRole('button', { name: 'Reset Passwords and Make Cards' }).click()
    const section = await visible(page.getByRole('region', { name: 'Login cards' }))
    await expect.poll(() => section.locator('.login-card').count()).toBe(30)
    const reprinted = await readCards(page)
    expect(reprinted.map((c) => c.username).sort()).toEqual(cards.map((c) => c.username).sort())
    for (const card of [reprinted[0], reprinted[29]]) {
      const before = cards.find((c) => c.username === card.username)!
      expect(card.password).not.toBe(before.password)
      expect(await signsIn(card.username, card.password)).toBe(true)
      expect(await signsIn(card.username, before.password)).toBe(false)
    }
    // The same cards as a spreadsheet, opened as UTF-8.
    const download = page.waitForEvent('download')
    await section.getByRole('button', { name: 'Download Cards (CSV)' }).click()
    const file = fs.readFileSync((await (await download).path())!, 'utf8')
    expect(file.startsWith('\ufeffFirst name,Username,Password,Class,Classroom code,Website\r\n')).toBe(true)
    expect(file).toContain(`${reprinted[0].firstName},${reprinted[0].username},${reprinted[0].password},Period 2 Civics,${classroom.code},`)
    cards = reprinted
    await section.getByRole('button', { name: 'Done' }).click()
    await visible(page.getByRole('table', { name: 'Students in Period 2 Civics' }))
    expectNoPageErrors(context)
  })

  it("runs each row's actions from one menu by keyboard; deleting a student's account asks for her name, in red", async () => {
    await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${classroom.id}`)
    const table = await visible(page.getByRole('table', { name: 'Students in Period 2 Civics' }))
    expect(await table.getByRole('button').count()).toBe(30)
    await expectAccessible(page, 'classroom page with one menu per row')
    await shot(page, 'after-classroom-1280')
    await table.screenshot({ path: process.env.SCREENS_DIR ? path.join(process.env.SCREENS_DIR, 'after-row-actions-1280.png') : undefined })

    const target = cards.find((c) => c.firstName === 'Cleo')!
    const menuButton = page.getByRole('button', { name: `Actions for ${target.username}` })
    await menuButton.focus()
    await page.keyboard.press('Enter')
    const menu = await visible(page.getByRole('menu', { name: `Actions for ${target.username}` }))
    const items = await menu.getByRole('menuitem').allTextContents()
    expect(items).toEqual(['Progress', 'Reset password', 'New Password Card', 'Download Data', 'Remove', 'Delete Account'])
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Progress')
    await page.keyboard.press('ArrowDown')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Reset password')
    await page.keyboard.press('ArrowUp')
    await page.keyboard.press('ArrowUp')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Delete Account')
    await expectAccessible(page, 'row menu open')
    await shot(page, 'after-row-menu-open')
    await page.keyboard.press('Escape')
    await expect.poll(() => menu.isVisible()).toBe(false)
    expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true)

    // Space opens it too; End reaches Delete Account, Enter chooses it.
    await page.keyboard.press('Space')
    await visible(menu)
    await page.keyboard.press('End')
    const deleteItem = menu.getByRole('menuitem', { name: 'Delete Account' })
    // In the theme's error colour, unlike the others.
    const colors = await menu.getByRole('menuitem').evaluateAll((items) => items.map((item) => getComputedStyle(item).color))
    const errorColor = await deleteItem.evaluate((item) => {
      const probe = document.createElement('span')
      probe.style.color = 'var(--error)'
      item.append(probe)
      const color = getComputedStyle(probe).color
      probe.remove()
      return color
    })
    expect(colors.at(-1)).toBe(errorColor)
    expect(colors.slice(0, -1).every((color) => color !== errorColor)).toBe(true)
    await page.keyboard.press('Enter')
    const dialog = await visible(page.getByRole('dialog', { name: `Delete ${target.username}'s account?` }))
    const confirm = dialog.getByRole('button', { name: 'Delete Account and Data' })
    expect(await confirm.evaluate((el) => el.classList.contains('button-danger') && !el.classList.contains('button-primary'))).toBe(true)
    const nameField = dialog.getByLabel(/^To confirm, type /)
    const expected = (await nameField.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '')).replace('To confirm, type ', '')
    expect([target.username, 'Cleo']).toContain(expected)
    await expectAccessible(page, 'delete confirmation')
    await shot(page, 'after-delete-confirm')
    await nameField.fill('somebody else')
    await confirm.click()
    await visible(dialog.getByRole('alert').getByText(`Type ${expected} exactly to confirm.`))
    expect(await signsIn(target.username, target.password)).toBe(true)
    await nameField.fill(expected)
    await confirm.click()
    await visible(page.getByText(`${target.username}'s account and all their data were deleted.`))
    await expect.poll(() => table.getByRole('cell', { name: target.username, exact: true }).count()).toBe(0)
    expect(await signsIn(target.username, target.password)).toBe(false)
    cards = cards.filter((c) => c !== target)
    expectNoPageErrors(context)
  })

  it('a student marks a reading done and the grid counts it; loading a module records nothing until a card is opened; the teacher records nothing', async () => {
    let readingId: number
    const moduleId = ok(await apiCall('GET', '/api/modules?where[title][equals]=From%20Colonies%20to%20Independence&depth=0', { token: teacher.token })).docs[0]
      .id
    const student = cards.find((c) => c.firstName === 'Ava')!
    const studentContext = await newContext(browser)
    await studentContext.route('https://www.archives.gov/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Archives</title>' }),
    )
    try {
      const studentPage = await studentContext.newPage()
      await logInAt(studentPage, student.username, student.password, `/modules/${moduleId}`)
      const reading = studentPage.locator('article.activity-card').filter({ has: studentPage.getByRole('heading', { name: 'Founding Documents Reading' }) })
      readingId = ok(await apiCall('GET', '/api/activities?where[title][equals]=Founding%20Documents%20Reading&depth=0', { token: teacher.token })).docs[0].id
      const content = studentPage
        .locator('article.activity-card')
        .filter({ has: studentPage.getByRole('heading', { name: 'Understanding the Declaration of Independence' }) })
      await visible(reading)
      // Every card scrolled through, top to bottom.
      for (const card of await studentPage.locator('article.activity-card').all()) await card.scrollIntoViewIfNeeded()
      const done = content.getByRole('checkbox', { name: 'Mark as done: Understanding the Declaration of Independence' })
      const saved = studentPage.waitForResponse((r) => r.url().includes('/done') && r.request().method() === 'PUT')
      await done.check()
      expect((await saved).status()).toBe(200)
      await visible(content.getByText('Completed'))
      const own = async () =>
        ok(await apiCall('GET', `/api/classrooms/${classroom.id}/progress`, { token: teacher.token })).attempts.filter((a: any) => a.student === studentId)
      const studentId = ok(await apiCall('GET', `/api/classrooms/${classroom.id}/progress`, { token: teacher.token })).students.find(
        (s: any) => s.username === student.username,
      ).id
      // Only the card she marked: scrolling past the others opened nothing.
      expect((await own()).map((a: any) => a.status)).toEqual(['completed'])
      await expect.poll(() => reading.getByText('Opened').count()).toBe(0)

      // Following one of the reading's links is opening it.
      const popup = studentPage.waitForEvent('popup')
      await reading.getByRole('link', { name: /The Declaration of Independence \(1776\)/ }).click()
      await (await popup).close()
      await visible(reading.getByText('Opened'))
      await reading.getByRole('checkbox', { name: 'Mark as done: Founding Documents Reading' }).check()
      await visible(reading.getByText('Completed'))
      await expect.poll(async () => (await own()).map((a: any) => a.status)).toEqual(['completed', 'completed'])
      await expectAccessible(studentPage, 'module page with done marks')
      expectNoPageErrors(studentContext)
    } finally {
      await studentContext.close()
    }

    // The teacher opens the same module and follows the same link: nothing of hers is recorded.
    await context.route('https://www.archives.gov/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Archives</title>' }))
    await logInAt(page, teacher.login, teacher.password, `/modules/${moduleId}`)
    const reading = page.locator('article.activity-card').filter({ has: page.getByRole('heading', { name: 'Founding Documents Reading' }) })
    await visible(reading)
    expect(await page.getByRole('checkbox').count()).toBe(0)
    const opens: string[] = []
    page.on('request', (request) => {
      if (request.url().endsWith('/open')) opens.push(request.url())
    })
    const popup = page.waitForEvent('popup')
    await reading.getByRole('link', { name: /The Declaration of Independence \(1776\)/ }).click()
    await (await popup).close()
    // Asked directly, the server records nothing for her either.
    expect(ok(await apiCall('POST', `/api/activities/${readingId}/open`, { token: teacher.token })).attempt).toBeNull()
    expect(opens).toEqual([])
    const mine = ok(await apiCall('GET', `/api/attempts?where[student][equals]=${teacher.id}&depth=0`, { token: teacher.token }))
    expect(mine.docs).toEqual([])

    // The grid: Ava's module shows both of its activities done.
    await page.goto(`/user/classrooms/${classroom.id}`)
    const grid = await visible(page.getByRole('table', { name: 'Progress of each student, Period 2 Civics' }))
    await page.getByLabel('Show').selectOption({ label: 'Module completion' })
    await visible(grid.getByRole('columnheader', { name: 'From Colonies to Independence', exact: true }))
    const headers = await grid.locator('thead tr').last().locator('th').allTextContents()
    const row = grid.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: `Ava ${student.username}` }) })
    await expect.poll(async () => (await row.locator('th, td').nth(headers.indexOf('From Colonies to Independence')).textContent())?.trim()).toBe('2 of 3 done')
    expectNoPageErrors(context)
  })

  it('archives a classroom (hidden, data kept, students still sign in), then deletes it, asked what happens to its students', async () => {
    await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${classroom.id}`)
    await visible(page.getByRole('heading', { level: 1, name: 'Period 2 Civics' }))
    await page.getByRole('button', { name: 'Archive Classroom' }).click()
    const archive = await visible(page.getByRole('dialog', { name: 'Archive Period 2 Civics?' }))
    await archive.getByRole('button', { name: 'Archive Classroom' }).click()
    await visible(page.getByText('This classroom is archived. Its students can still sign in; new students cannot join it.'))
    await expectAccessible(page, 'archived classroom page')
    expect(await signsIn(cards[0].username, cards[0].password)).toBe(true)

    await page.getByRole('link', { name: 'Back to classrooms' }).click()
    await waitForPath(page, '/user/classrooms')
    await visible(page.getByText('No classrooms yet!'))
    await page.getByRole('link', { name: 'Show archived classrooms' }).click()
    await visible(page.getByRole('heading', { name: 'Archived classrooms' }))
    await visible(page.getByRole('link', { name: /Period 2 Civics/ }))
    await expectAccessible(page, 'archived classrooms')
    await page.getByRole('link', { name: /Period 2 Civics/ }).click()
    await waitForPath(page, `/user/classrooms/${classroom.id}`)
    await visible(page.getByRole('table', { name: 'Students in Period 2 Civics' }))

    await page.getByRole('button', { name: 'Delete Classroom' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Delete Period 2 Civics?' }))
    await visible(dialog.getByRole('group', { name: "What happens to its students' accounts?" }))
    expect(await dialog.getByLabel(/Keep their accounts/).isChecked()).toBe(true)
    await dialog.getByLabel('Delete their accounts and all their data too.').check()
    await expectAccessible(page, 'delete classroom confirmation')
    await shot(page, 'after-delete-classroom-confirm')
    await dialog.getByLabel('To confirm, type Period 2 Civics').fill('Period 2 Civics')
    await dialog.getByRole('button', { name: 'Delete Classroom' }).click()
    await waitForPath(page, '/user/classrooms')
    await visible(page.getByText(/^Period 2 Civics was deleted, with 29 student accounts and all their data\.$/))
    expect(await signsIn(cards[0].username, cards[0].password)).toBe(false)
    expectNoPageErrors(context)
  })
})

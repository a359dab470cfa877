import fs from 'node:fs'

import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'

import { expectAccessible, expectNoPageErrors, freshPagePerTest, visible } from './browser'
import { apiCall, createClassroom, csvLines, logInAt, signUpTeacher, type Teacher } from './consoleHelpers'

/**
 * The progress grid of a full class on a school laptop (1366×768), as the teacher reads it: module
 * completion first with a column per module under its topic, a module opened to its activities
 * (by mouse and by keyboard), the head row and the names column still in view when the grid is
 * scrolled both ways, students in the Students table's name order; then the CSV exports of what
 * the grid shows: a byte-order mark first, the long layout of a filtered and sorted grid, and the
 * gradebook layout with one row per student. Axe on the grid, closed and opened.
 */

const ok = <T = any>(answer: { status: number; body: T }, status = 200): T => {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`)
  return answer.body
}

/** A class list in the order a teacher might paste it: not alphabetical, one name with an accent. */
// prettier-ignore
const names = [
  'Zoe', 'Liam', 'Olivia', 'Noah', 'Émile', 'Oliver', 'Ava', 'Elijah', 'Sophia', 'Mateo',
  'Isabella', 'Lucas', 'Mia', 'Levi', 'Amelia', 'Asher', 'Harper', 'James', 'Evelyn', 'Leo',
  'Luna', 'Jack', 'Ella', 'Ezra', 'Chloe', 'Theo', 'Nora', 'Kai', 'Layla', 'Jayden',
]
const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })

let teacher: Teacher
let classroom: { id: number; name: string }
let page: Page
let context: Parameters<typeof expectNoPageErrors>[0]

beforeAll(async () => {
  teacher = await signUpTeacher('grid')
  classroom = await createClassroom(teacher, 'Period 5 Civics')
  // The names pasted into Add Students (the API behind the dialog).
  ok(await apiCall('POST', `/api/classrooms/${classroom.id}/students`, { token: teacher.token, body: { firstNames: names } }), 201)
}, 60_000)

const gridOf = (target: Page) => target.getByRole('table', { name: `Progress of each student, ${classroom.name}` })
const region = (target: Page) => target.getByRole('region', { name: 'Progress grid (scrolls sideways)' })

/** The students' names as the grid's row headers show them (the name, then the username). */
const rowNames = (target: Page) => gridOf(target).locator('tbody th[scope="row"] a').allTextContents()

/** A downloaded file's bytes, from a link of the grid's controls. */
const download = async (target: Page, link: string) => {
  const started = target.waitForEvent('download')
  await target.getByRole('link', { name: link, exact: true }).click()
  const file = await started
  return { name: file.suggestedFilename(), bytes: fs.readFileSync((await file.path())!) }
}
describe('the progress grid of a full class on a 1366×768 laptop', () => {
  freshPagePerTest((session) => {
    page = session.page
    context = session.context
  })

  it('opens on module completion, fits the page, opens a module to its activities, keeps its head and names in view, rows by name', async () => {
    await page.setViewportSize({ width: 1366, height: 768 })
    await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${classroom.id}`)
    const grid = await visible(gridOf(page))
    await expect.poll(() => grid.locator('tbody tr').count()).toBe(names.length)
    expect(await page.getByLabel('Show').evaluate((el: HTMLSelectElement) => el.selectedOptions[0].textContent)).toBe('Module completion')

    // Summaries first: a column per module, each a button that opens it, under a row of topics; no activity column.
    const columns = ok(await apiCall('GET', '/api/activities/columns', { token: teacher.token }))
    const modules = columns.flatMap((t: any) => t.modules.filter((m: any) => m.activities.length > 0))
    const moduleButtons = grid.locator('thead').getByRole('button')
    await expect.poll(() => moduleButtons.count()).toBe(modules.length)
    expect(await grid.locator('thead th[scope="colgroup"]').allTextContents()).toEqual(
      columns.filter((t: any) => t.modules.some((m: any) => m.activities.length > 0)).map((t: any) => t.title),
    )
    expect(await grid.locator('td.progress-cell').count()).toBe(0)
    const firstRow = grid.locator('tbody tr').first()
    expect((await firstRow.locator('td').nth(1).textContent())?.trim()).toBe(`0 of ${modules[0].activities.length} done`)

    // The page never scrolls sideways; the grid scrolls inside its own labelled, focusable box.
    const pageWidth = () => page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }))
    let width = await pageWidth()
    expect(width.scrollWidth).toBeLessThanOrEqual(width.clientWidth)
    expect(await region(page).getAttribute('tabindex')).toBe('0')

    // Rows in name order, the names the teacher pasted (as the Students table shows them).
    expect(await rowNames(page)).toEqual([...names].sort(byName))
    await expectAccessible(page, 'progress grid, module completion')

    // A module opens to its activities, after its summary column; by keyboard it closes again.
    const module = modules.find((m: any) => m.title === 'The Bill of Rights and Amendments') ?? modules[0]
    const button = grid.getByRole('button', { name: module.title, exact: true })
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    await button.click()
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('true')
    for (const activity of module.activities) await visible(grid.getByRole('columnheader', { name: activity.title, exact: true }))
    await expect.poll(() => firstRow.locator('td.progress-cell').count()).toBe(module.activities.length)
    expect((await firstRow.locator('td.progress-cell').first().textContent())?.trim()).toBe('–Not started')
    width = await pageWidth()
    expect(width.scrollWidth).toBeLessThanOrEqual(width.clientWidth)
    await button.focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false')
    await expect.poll(() => firstRow.locator('td.progress-cell').count()).toBe(0)
    await page.keyboard.press('Space')
    await expect.poll(() => firstRow.locator('td.progress-cell').count()).toBe(module.activities.length)
    await expectAccessible(page, 'progress grid with a module opened')

    // Scrolled down and to the right, the head row and the names column stay at the box's edges.
    const box = region(page)
    await box.evaluate((el) => el.scrollIntoView({ block: 'start' }))
    const edges = (await box.boundingBox())!
    await box.evaluate((el) => {
      el.scrollTop = el.scrollHeight
      el.scrollLeft = el.scrollWidth
    })
    await expect.poll(() => box.evaluate((el) => el.scrollTop > 0 && el.scrollLeft > 0)).toBe(true)
    // The head (its row of topics, then its row of modules and activities) starts at the box's top edge.
    const head = (await grid.locator('thead').boundingBox())!
    expect(Math.abs(head.y - edges.y)).toBeLessThanOrEqual(2)
    const studentHead = (await grid.locator('thead th.progress-student').boundingBox())!
    expect(studentHead.y + studentHead.height).toBeLessThanOrEqual(head.y + head.height + 1)
    expect(Math.abs(studentHead.x - edges.x)).toBeLessThanOrEqual(2)
    const lastHeader = (await grid.locator('thead tr').last().locator('th').last().boundingBox())!
    expect(lastHeader.y).toBeGreaterThanOrEqual(edges.y - 2)
    expect(lastHeader.y + lastHeader.height).toBeLessThanOrEqual(edges.y + edges.height)
    expect(await grid.locator('thead tr').last().locator('th').last().textContent()).not.toBe('')
    const lastName = (await grid.locator('tbody th[scope="row"]').last().boundingBox())!
    expect(Math.abs(lastName.x - edges.x)).toBeLessThanOrEqual(2)
    expect(lastName.y + lastName.height).toBeLessThanOrEqual(edges.y + edges.height + 2)
    expect(await page.evaluate(() => window.scrollX)).toBe(0)
    expectNoPageErrors(context)
  })

  it('exports what the grid shows: a byte-order mark, the filtered and sorted long layout, and a gradebook with one row per student', async () => {
    await page.setViewportSize({ width: 1366, height: 768 })
    await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${classroom.id}`)
    const grid = await visible(gridOf(page))
    await expect.poll(() => grid.locator('tbody tr').count()).toBe(names.length)

    const everything = await download(page, 'Download CSV')
    expect(everything.name).toBe('period-5-civics-progress.csv')
    expect([...everything.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const columns = ok(await apiCall('GET', '/api/activities/columns', { token: teacher.token }))
    const count = (topics: any[]) => topics.reduce((sum, t) => sum + t.modules.reduce((n: number, m: any) => n + m.activities.length, 0), 0)
    expect(csvLines(everything.bytes)).toHaveLength(1 + names.length * count(columns))

    // Filtered to one topic and sorted by score: the download holds that topic only, in the grid's order.
    const topic = columns.find((t: any) => t.title === 'The Constitution')
    await page.getByLabel('Topic', { exact: true }).selectOption({ label: topic.title })
    await page.getByLabel('Sort by').selectOption({ label: 'Average score (low to high)' })
    await expect.poll(() => grid.locator('thead th[scope="colgroup"]').allTextContents()).toEqual([topic.title])
    const shownNames = await rowNames(page)
    const filtered = csvLines((await download(page, 'Download CSV')).bytes)
    expect(filtered[0]).toBe('Username,First name,Topic,Module,Activity,State,Score (%),Last opened')
    expect(filtered).toHaveLength(1 + names.length * count([topic]))
    expect(new Set(filtered.slice(1).map((line) => line.split(',')[2]))).toEqual(new Set([topic.title]))
    expect([...new Set(filtered.slice(1).map((line) => line.split(',')[1]))]).toEqual(shownNames)

    // The gradebook: one row per student, a done and an average column per module the grid shows.
    const gradebook = await download(page, 'Gradebook CSV (one row per student)')
    expect(gradebook.name).toBe('period-5-civics-gradebook.csv')
    expect([...gradebook.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = csvLines(gradebook.bytes)
    expect(rows).toHaveLength(1 + names.length)
    const shownModules = topic.modules.filter((m: any) => m.activities.length > 0)
    expect(rows[0]).toBe(
      [
        'Name',
        'Username',
        'Average score (%)',
        'Last opened',
        ...shownModules.flatMap((m: any) => [`${m.title}: done (of ${m.activities.length})`, `${m.title}: average score (%)`]),
      ]
        .map((cell) => (/[",]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
        .join(','),
    )
    expect(rows.slice(1).map((line) => line.split(',')[0])).toEqual(shownNames)
    expectNoPageErrors(context)
  })
})

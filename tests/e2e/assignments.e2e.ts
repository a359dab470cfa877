import fs from 'node:fs'

import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { buildPackage } from '../helpers/packages'
import { baseURL, expectAccessible, expectNoPageErrors, freshPagePerTest, unique, visible } from './browser'
import { apiCall, apiLogin, createClassroom, createStaff, csvLines, installPackageAs, logInAt, ok, signUpTeacher, type Teacher } from './consoleHelpers'
import { moveClocks, moveServerClock } from './testClock'

/**
 * Assignments as a class lives them in Chromium: the teacher assigns a module due tomorrow to the
 * class and a quiz to two students through the classroom page; the students see them under To do
 * (the third only the module); one passes the quiz and finishes the module; with the clocks (the
 * server's and Chromium's) moved past the due time, the others are missing and a late finish is
 * marked late; the teacher's report and its CSV say exactly that. Another teacher and another
 * classroom's student see nothing. Axe on each screen, and the student's list at phone width.
 */

const DAY = 24 * 3600_000
type Login = { id: number; username: string; password: string }

let teacher: Teacher
let otherTeacher: Teacher
let classroom: { id: number; name: string }
let students: Login[]
let outsider: Login
let branches: { id: number; title: string; activities: string[] }
let quiz: { id: number; moduleId: number; title: string }
let page: Page
let context: Parameters<typeof expectNoPageErrors>[0]

beforeAll(async () => {
  moveServerClock(0)
  const editor = await createStaff(['topics:write', 'modules:write', 'activities:write'], 'assign-editor')
  const token = await apiLogin(editor.email, editor.password)
  const topic = ok(await apiCall('POST', '/api/topics', { token, body: { title: unique('Government at work'), markdown: 'Body', order: 95 } }), 201).doc
  const create = async (collection: string, body: Record<string, unknown>) => ok(await apiCall('POST', `/api/${collection}`, { token, body }), 201).doc
  const moduleTitle = unique('Branches week')
  const mod = await create('modules', { title: moduleTitle, markdown: 'Three branches.', order: 1, topic: topic.id })
  const activities = ['The legislative branch', 'The judicial branch']
  for (const [order, title] of activities.entries()) await create('activities', { title, type: 'default', markdown: `About ${title}.`, order, module: mod.id })
  branches = { id: mod.id, title: moduleTitle, activities }
  const quizModule = await create('modules', { title: unique('Elections'), markdown: 'Vote.', order: 2, topic: topic.id })
  const quizTitle = unique('Elections quiz')
  const activity = await create('activities', { title: quizTitle, type: 'storyline', markdown: 'Take the quiz.', order: 1, module: quizModule.id })
  await installPackageAs(token, activity.id, await buildPackage('scorm12'))
  quiz = { id: activity.id, moduleId: quizModule.id, title: quizTitle }

  teacher = await signUpTeacher('assign')
  classroom = await createClassroom(teacher, 'Period 3 Civics')
  const roster = ok(
    await apiCall('POST', `/api/classrooms/${classroom.id}/students`, { token: teacher.token, body: { firstNames: ['Ana', 'Ben', 'Cleo'] } }),
    201,
  )
  students = roster.students.map((s: any) => ({ id: s.id, username: s.username, password: s.password }))
  otherTeacher = await signUpTeacher('assign-other')
  const otherClass = await createClassroom(otherTeacher, 'Period 4 Civics')
  const theirs = ok(await apiCall('POST', `/api/classrooms/${otherClass.id}/students`, { token: otherTeacher.token, body: { firstNames: ['Dev'] } }), 201)
  outsider = { id: theirs.students[0].id, username: theirs.students[0].username, password: theirs.students[0].password }
}, 240_000)
afterAll(() => moveServerClock(0))

const myWork = (target: Page) => target.getByRole('region', { name: 'Your assignments' })
const group = (target: Page, name: 'To do' | 'Missing' | 'Done') => myWork(target).getByRole('region', { name: new RegExp(`^${name} \\(`) })
/** The titles listed under a group, once the list has loaded (the profile's comes with its own chunk). */
const titlesIn = async (target: Page, name: 'To do' | 'Missing' | 'Done') => {
  await visible(group(target, name))
  return group(target, name).locator('.my-work-title a').allTextContents()
}

describe('assignments: assign, do, miss, finish late, report', () => {
  freshPagePerTest((session) => {
    page = session.page
    context = session.context
  })

  it('the teacher assigns the module to the class and the quiz to two students from the classroom page', async () => {
    await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${classroom.id}`)
    const section = page.getByRole('region', { name: 'Assignments' })
    await visible(section.getByText('No assignments yet.'))

    await section.getByRole('button', { name: 'New assignment' }).click()
    await page.getByLabel('Title').fill('Branches week')
    await page.getByLabel('Instructions').fill('Read both pages and mark them done.')
    // Due tomorrow (the form's default), at 11:59 pm on the classroom clock.
    expect(await page.getByLabel('Due time').inputValue()).toBe('23:59')
    await page.getByRole('checkbox', { name: `${branches.title} (whole module, 2 activities)` }).check()
    await expectAccessible(page, 'the assignment form')
    await page.getByRole('button', { name: 'Assign' }).click()
    const table = section.getByRole('table', { name: 'Assignments' })
    await visible(table.getByRole('link', { name: 'Branches week' }))

    await section.getByRole('button', { name: 'New assignment' }).click()
    await page.getByLabel('Title').fill('Elections quiz')
    await page.getByText(/^Single activities of Elections/).click()
    await page.getByRole('checkbox', { name: quiz.title }).check()
    await page.getByRole('radio', { name: 'Chosen students' }).check()
    // A chosen group must name someone: the form says so before anything is sent.
    await page.getByRole('button', { name: 'Assign' }).click()
    await visible(page.getByText('Choose at least one student, or give it to the whole class.'))
    await page.getByRole('checkbox', { name: /^Ana/ }).check()
    await page.getByRole('checkbox', { name: /^Ben/ }).check()
    await page.getByRole('button', { name: 'Assign' }).click()
    await visible(table.getByRole('link', { name: 'Elections quiz' }))
    const row = (title: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name: title }) })
    await visible(row('Branches week').getByText('0 done, 0 late, 0 missing of 3'))
    await visible(row('Elections quiz').getByText('0 done, 0 late, 0 missing of 2'))
    await expectAccessible(page, 'the classroom with its assignments')
    expectNoPageErrors(context)
  })

  it('the students see them under To do (the third only the module), on their home and in their profile', async () => {
    await logInAt(page, students[0].username, students[0].password)
    await visible(myWork(page))
    await expect.poll(() => titlesIn(page, 'To do')).toEqual(['Branches week', 'Elections quiz'])
    expect(await titlesIn(page, 'Missing')).toEqual([])
    await expectAccessible(page, "a student's home with To do")
    await page.goto('/user/profile')
    await expect.poll(() => titlesIn(page, 'To do')).toEqual(['Branches week', 'Elections quiz'])

    const third = await page
      .context()
      .browser()!
      .newContext({ baseURL: baseURL(), viewport: { width: 390, height: 844 }, locale: 'en-US' })
    const phone = await third.newPage()
    await logInAt(phone, students[2].username, students[2].password)
    await expect.poll(() => titlesIn(phone, 'To do')).toEqual(['Branches week'])
    const width = await phone.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
    expect(width.scroll).toBeLessThanOrEqual(width.client)
    // A picture for a person to look at, when SCREENS_DIR names a folder (as in benchmarks.e2e.ts).
    if (process.env.SCREENS_DIR) await myWork(phone).screenshot({ path: `${process.env.SCREENS_DIR}/assignments-phone.png` })
    await third.close()
    expectNoPageErrors(context)
  })

  it('one student passes the quiz and finishes the module: both move to Done', async () => {
    await logInAt(page, students[0].username, students[0].password)
    await group(page, 'To do').getByRole('link', { name: 'Elections quiz', exact: true }).click()
    await page.getByRole('button', { name: `Start ${quiz.title}` }).click()
    const dialog = await visible(page.getByRole('dialog', { name: quiz.title }))
    const frame = dialog.frameLocator('iframe').frameLocator('#package-frame')
    await frame.locator('#next').click()
    await frame.locator('#answer-b').check()
    await frame.locator('#submit').click()
    await visible(frame.getByText('Passed with 8 of 10'))
    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })

    await page.goto(`/modules/${branches.id}`)
    const [firstBox, secondBox] = branches.activities.map((title) => page.getByRole('checkbox', { name: `Mark as done: ${title}` }))
    // The first card gets its "Completed" badge; the second card's box stays where the pointer is.
    const before = await secondBox.boundingBox()
    await firstBox.check()
    await expect.poll(() => page.locator('.attempt-status.attempt-completed').count()).toBe(1)
    expect((await secondBox.boundingBox())?.y).toBe(before?.y)
    await secondBox.check()
    await expect
      .poll(async () =>
        (await apiCall('GET', '/api/assignments/mine', { token: await apiLogin(students[0].username, students[0].password) })).body.assignments.map(
          (a: any) => a.status,
        ),
      )
      .toEqual(['done', 'done'])
    await page.goto('/')
    await expect.poll(() => titlesIn(page, 'Done')).toEqual(['Branches week', 'Elections quiz'])
    expect(await titlesIn(page, 'To do')).toEqual([])

    // The second student does half of the module before the due time.
    const second = await page.context().browser()!.newContext({ baseURL: baseURL(), locale: 'en-US' })
    const other = await second.newPage()
    await logInAt(other, students[1].username, students[1].password, `/modules/${branches.id}`)
    await other.getByRole('checkbox', { name: `Mark as done: ${branches.activities[0]}` }).check()
    await expect.poll(() => other.getByRole('checkbox', { name: `Mark as done: ${branches.activities[0]}` }).isChecked()).toBe(true)
    await second.close()
    expectNoPageErrors(context)
  })

  it('past the due time the others are missing, and a late finish is marked late', async () => {
    await moveClocks(page, 2 * DAY)
    await logInAt(page, students[1].username, students[1].password)
    await expect.poll(() => titlesIn(page, 'Missing')).toEqual(['Branches week', 'Elections quiz'])
    await expectAccessible(page, "a student's home with missing work")
    // Reopening after the due time is allowed: finishing the module now is late.
    await group(page, 'Missing').getByRole('link', { name: 'Branches week', exact: true }).click()
    await page.getByRole('checkbox', { name: `Mark as done: ${branches.activities[1]}` }).check()
    await expect.poll(() => page.getByRole('checkbox', { name: `Mark as done: ${branches.activities[1]}` }).isChecked()).toBe(true)
    await page.goto('/')
    await expect.poll(() => titlesIn(page, 'Done')).toEqual(['Branches week'])
    await visible(group(page, 'Done').getByText('Done late'))
    expect(await titlesIn(page, 'Missing')).toEqual(['Elections quiz'])

    const third = await page.context().browser()!.newContext({ baseURL: baseURL(), locale: 'en-US' })
    const late = await third.newPage()
    await moveClocks(late, 2 * DAY)
    await logInAt(late, students[2].username, students[2].password)
    await expect.poll(() => titlesIn(late, 'Missing')).toEqual(['Branches week'])
    await third.close()
    expectNoPageErrors(context)
  })

  it("the teacher's report and CSV show exactly that", async () => {
    await moveClocks(page, 2 * DAY)
    await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${classroom.id}`)
    const table = page.getByRole('region', { name: 'Assignments' }).getByRole('table', { name: 'Assignments' })
    const row = (title: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name: title }) })
    await visible(row('Branches week').getByText('1 done, 1 late, 1 missing of 3'))
    await visible(row('Elections quiz').getByText('1 done, 0 late, 1 missing of 2'))

    await row('Branches week').getByRole('link', { name: 'Branches week' }).click()
    const report = await visible(page.getByRole('table', { name: 'Report: Branches week' }))
    const statuses = async () =>
      Object.fromEntries(
        await report
          .locator('tbody tr')
          .evaluateAll((rows) => rows.map((r) => [r.querySelector('td')?.textContent ?? '', r.querySelector('.work-status')?.textContent ?? ''])),
      )
    await expect.poll(statuses).toEqual({ [students[0].username]: 'Done', [students[1].username]: 'Done late', [students[2].username]: 'Missing' })
    await expectAccessible(page, 'the assignment report')

    const started = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download CSV' }).click()
    const file = await started
    expect(file.suggestedFilename()).toBe('branches-week-report.csv')
    const lines = csvLines(fs.readFileSync((await file.path())!))
    expect(lines[0]).toBe('Username,First name,Last name,Status,Score (%),Done at,Due')
    expect(Object.fromEntries(lines.slice(1).map((line) => [line.split(',')[0], line.split(',')[3]]))).toEqual({
      [students[0].username]: 'Done',
      [students[1].username]: 'Done late',
      [students[2].username]: 'Missing',
    })

    const quizReport = ok(await apiCall('GET', `/api/assignments/${(await assignmentIds())['Elections quiz']}/report`, { token: teacher.token }))
    expect(quizReport.students.map((s: any) => [s.username, s.status, s.score])).toEqual([
      [students[0].username, 'done', 80],
      [students[1].username, 'missing', null],
    ])
    expectNoPageErrors(context)
  })

  it("another teacher and another classroom's student see nothing of it", async () => {
    const ids = await assignmentIds()
    for (const path of [
      `/api/assignments?classroom=${classroom.id}`,
      `/api/assignments/${ids['Branches week']}/report`,
      `/api/assignments/${ids['Branches week']}/report/csv`,
    ]) {
      expect((await apiCall('GET', path, { token: otherTeacher.token })).status, path).toBe(403)
    }
    await logInAt(page, otherTeacher.login, otherTeacher.password, `/user/classrooms/${classroom.id}/assignments/${ids['Branches week']}`)
    await visible(page.getByRole('heading', { name: /not found/i }))
    expect(await page.getByText('Branches week').count()).toBe(0)

    const fresh = await page.context().browser()!.newContext({ baseURL: baseURL(), locale: 'en-US' })
    const theirs = await fresh.newPage()
    await logInAt(theirs, outsider.username, outsider.password)
    await visible(group(theirs, 'To do'))
    expect(await myWork(theirs).locator('.my-work-item').count()).toBe(0)
    expect((await apiCall('GET', '/api/assignments/mine', { token: await apiLogin(outsider.username, outsider.password) })).body.assignments).toEqual([])
    await fresh.close()
    expectNoPageErrors(context)
  })
})

const assignmentIds = async (): Promise<Record<string, number>> =>
  Object.fromEntries(
    ok(await apiCall('GET', `/api/assignments?classroom=${classroom.id}`, { token: teacher.token })).assignments.map((a: any) => [a.title, a.id]),
  )

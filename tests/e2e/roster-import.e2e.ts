import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'

import { rosterZip, sampleDistrict } from '../helpers/oneroster'
import { expectAccessible, expectNoPageErrors, freshPagePerTest, unique, visible, waitForPath } from './browser'
import { createStaff, logInAt, signUpTeacher, type StaffAccount, type Teacher } from './consoleHelpers'

/**
 * Staff upload a district's OneRoster zip in the console, read the dry run and import it; the
 * teacher the roster names (matched by their confirmed email) then finds the class with its
 * students on their classroom page. Axe on the screens; the import is driven by keyboard.
 */

let staff: StaffAccount
let teacher: Teacher
let zipPath: string
let emptiedPath: string
const prefix = unique('e2e').replace(/-/g, '')

/** A screenshot for a person to look at, when SCREENS_DIR names a folder. */
const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENS_DIR
  if (!dir) return
  fs.mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true })
}

beforeAll(async () => {
  staff = await createStaff(['users:read', 'users:write'], 'roster-staff')
  teacher = await signUpTeacher('roster-teacher')
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roster-e2e-'))
  zipPath = path.join(dir, 'lakeside-oneroster.zip')
  const district = sampleDistrict(prefix, 3, [teacher.login, `${prefix}.carter@district.example`])
  fs.writeFileSync(zipPath, await rosterZip(district, { bom: ['users'] }))
  // A bulk enrolments file with the teachers only: every student would leave their class.
  emptiedPath = path.join(dir, 'teachers-only.zip')
  fs.writeFileSync(emptiedPath, await rosterZip({ enrollments: district.enrollments.filter((e) => e.role === 'teacher') }))
}, 120_000)

let page: Page
let context: Parameters<typeof expectNoPageErrors>[0]
freshPagePerTest((session) => {
  page = session.page
  context = session.context
})

describe('a district roster import', () => {
  it('staff preview the zip, see what would change, and import it; the teacher sees the class with its students', async () => {
    await logInAt(page, staff.email, staff.password, '/console/roster-imports')
    await visible(page.getByRole('heading', { level: 1, name: 'District roster import' }))
    await visible(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'District roster' }))
    await expectAccessible(page, 'roster import form')

    const district = page.getByLabel('District key')
    await district.focus()
    await page.keyboard.type(`lakeside-${prefix}`)
    await page.getByLabel('OneRoster .zip file').setInputFiles(zipPath)
    await page.getByRole('button', { name: 'Preview import' }).focus()
    await page.keyboard.press('Enter')
    await visible(page.getByText('Here is what the import would change. Nothing has been changed yet.'))
    const rows = page.getByRole('table', { name: 'Rows that change something' })
    await visible(rows.getByRole('cell', { name: "Ana O'Neil, 11" }).first())
    const summary = page.getByRole('table').first()
    expect(await summary.getByRole('row', { name: /Students/ }).textContent()).toContain('6')
    await expectAccessible(page, 'roster import preview')
    await shot(page, 'roster-import-preview')

    await page.getByRole('button', { name: 'Import', exact: true }).focus()
    await page.keyboard.press('Enter')
    await visible(page.getByText('The roster was imported.'))
    await expect.poll(() => page.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0)
    await expectAccessible(page, 'roster imported')
    await shot(page, 'roster-import-done')
    expectNoPageErrors(context)

    // The teacher, linked by their confirmed email, opens the class from their classrooms.
    await page.context().clearCookies()
    await logInAt(page, teacher.login, teacher.password, '/user/classrooms')
    await page.getByRole('link', { name: /Civics 7, Period 1/ }).click()
    await waitForPath(page, /^\/user\/classrooms\/\d+$/)
    for (const name of ["Ana O'Neil, 11", "Ben O'Neil, 12", "Chloé O'Neil, 13"]) await visible(page.getByRole('cell', { name }).first())
    await expectAccessible(page, 'imported classroom')
    await shot(page, 'roster-import-teacher-classroom')
    expectNoPageErrors(context)

    // A file that would empty the school's classes is imported only after a second, explicit confirmation.
    await page.context().clearCookies()
    await logInAt(page, staff.email, staff.password, '/console/roster-imports')
    await page.getByLabel('District key').fill(`lakeside-${prefix}`)
    await page.getByLabel('OneRoster .zip file').setInputFiles(emptiedPath)
    await page.getByRole('button', { name: 'Preview import' }).click()
    await visible(page.getByText('Here is what the import would change. Nothing has been changed yet.'))
    await visible(page.getByRole('table', { name: 'Schools whose accounts change' }).getByRole('cell', { name: '6 (more than half)' }))
    await page.getByRole('button', { name: 'Import', exact: true }).click()
    await visible(page.getByRole('alert').getByText(/would change more than half of the accounts of a school/))
    const anyway = page.getByRole('button', { name: 'Import anyway' })
    expect(await anyway.isDisabled()).toBe(true)
    await page.getByLabel('I checked the schools listed: change more than half of their accounts.').check()
    await expectAccessible(page, 'roster import guard')
    await shot(page, 'roster-import-guard')
    await anyway.click()
    await visible(page.getByText('The roster was imported.'))
    expectNoPageErrors(context)
  })
})

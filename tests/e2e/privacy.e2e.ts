import path from 'node:path'

import type { BrowserContext, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'

import { expectAccessible, expectNoPageErrors, freshPagePerTest, visible } from './browser'
import { apiCall, createClassroom, createStaff, logInAt, ok, signUpTeacher, type Teacher } from './consoleHelpers'

/**
 * A teacher deletes a student's account and reads the receipt of what was removed; staff holding
 * users:read find that deletion, and the teacher's reads before it, in the console's audit log.
 * Axe on both; pictures in SCREENS_DIR when it is set.
 */
let teacher: Teacher
let classroom: { id: number; name: string }
let students: { username: string; password: string; firstName: string }[]

const shot = async (page: Page, name: string) => {
  if (process.env.SCREENS_DIR) await page.screenshot({ path: path.join(process.env.SCREENS_DIR, `${name}.png`), fullPage: true })
}

beforeAll(async () => {
  teacher = await signUpTeacher('privacy')
  classroom = await createClassroom(teacher, 'Period 6 Civics')
  students = ok(await apiCall('POST', `/api/classrooms/${classroom.id}/students`, { token: teacher.token, body: { firstNames: ['Ana', 'Bo'] } }), 201).students
}, 60_000)

let page: Page
let context: BrowserContext
freshPagePerTest((session) => ({ page, context } = session))

describe('privacy', () => {
  it('a teacher deletes a student and sees the receipt of what was removed', async () => {
    const target = students[0]
    await logInAt(page, teacher.login, teacher.password, `/user/classrooms/${classroom.id}`)
    const table = await visible(page.getByRole('table', { name: `Students in ${classroom.name}` }))
    await page.getByRole('button', { name: `Actions for ${target.username}` }).click()
    await page
      .getByRole('menu', { name: `Actions for ${target.username}` })
      .getByRole('menuitem', { name: 'Delete Account' })
      .click()
    const dialog = await visible(page.getByRole('dialog', { name: `Delete ${target.username}'s account?` }))
    const nameField = dialog.getByLabel(/^To confirm, type /)
    const expected = (await nameField.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '')).replace('To confirm, type ', '')
    await nameField.fill(expected)
    await dialog.getByRole('button', { name: 'Delete Account and Data' }).click()

    const receipt = await visible(page.getByRole('region', { name: 'Deletion receipt' }))
    await visible(receipt.getByRole('heading', { name: `Removed for ${target.username}:` }))
    await visible(receipt.getByText(`by ${teacher.login}.`, { exact: false }))
    await visible(receipt.getByText('Account, profile and classroom membership: 1'))
    await visible(receipt.getByText('Activity records (scores, resume data, xAPI state): 0'))
    await visible(receipt.getByText('naming the account by number only', { exact: false }))
    await expect.poll(() => table.getByRole('cell', { name: target.username, exact: true }).count()).toBe(0)
    await expectAccessible(page, 'deletion receipt')
    await shot(page, 'privacy-deletion-receipt')
    // By keyboard: the receipt's last button closes it.
    await receipt.getByRole('button', { name: 'Done' }).focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => page.getByRole('region', { name: 'Deletion receipt' }).count()).toBe(0)
    expectNoPageErrors(context)
  })

  it('staff with users:read search the audit log by who, what and when', async () => {
    // The teacher reads the remaining student's page: one more entry.
    const remaining = ok(await apiCall('GET', `/api/users/${teacher.id}/classrooms/${classroom.id}`, { token: teacher.token })).students[0]
    ok(await apiCall('GET', `/api/classrooms/${classroom.id}/students/${remaining.id}/progress`, { token: teacher.token }))
    const staff = await createStaff(['users:read'], 'auditor')
    await logInAt(page, staff.email, staff.password, '/console/audit-log')
    await visible(page.getByRole('heading', { name: 'Audit log', level: 1 }))
    await visible(page.getByRole('navigation', { name: /console/i }).getByRole('link', { name: 'Audit log' }))
    const table = await visible(page.getByRole('table', { name: 'Audit log' }))

    await page.getByLabel('Search audit log').fill(teacher.login)
    await page.getByLabel('Search audit log').press('Enter')
    await page.getByLabel('What was read').selectOption({ label: 'Student deleted' })
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain('Student deleted')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1)
    const row = table.locator('tbody tr').first()
    expect(await row.textContent()).toContain(teacher.login)
    expect(await row.textContent()).not.toContain(students[0].username)

    // The deletion's row stays on screen until the new filter's answer arrives: wait for the answer.
    await page.getByLabel('What was read').selectOption({ label: "A student's progress" })
    await expect.poll(() => table.locator('tbody tr').first().textContent()).toContain("A student's progress")
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1)
    expect(await table.locator('tbody tr').first().textContent()).toContain(`#${remaining.id}`)

    // A day range that ends before today finds nothing; the search by login still applies.
    await page.getByLabel('What was read').selectOption({ label: 'All' })
    await page.getByLabel('To', { exact: true }).fill('2020-01-01')
    await visible(page.getByText(`No results found for ${teacher.login}`, { exact: false }))
    await page.getByLabel('To', { exact: true }).fill('')
    await expect.poll(() => table.locator('tbody tr').count()).toBeGreaterThan(2)
    await expectAccessible(page, 'audit log')
    await shot(page, 'privacy-audit-log')
    expectNoPageErrors(context)
  })
})

import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import {
  baseURL,
  demoTeacher,
  expectAccessible,
  expectNoPageErrors,
  expectSignedIn,
  freshPagePerTest,
  logoutThroughMenu,
  logSize,
  pathOf,
  submitLogin,
  visible,
  waitForLog,
  waitForPath,
} from './browser'

/** A cookie-less API call, outside the browser. */
const postJson = (path: string, body: unknown) =>
  fetch(new URL(path, baseURL()), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

let context: BrowserContext
let page: Page
freshPagePerTest((session) => ({ context, page } = session))

describe('forgot and reset password', () => {
  it('requests a link by email, resets with the logged token, is signed in, and logs in again with the new password', async () => {
    const teacher = demoTeacher()
    const newPassword = 'Reset-by-e2e-9876'

    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot Password?' }).click()
    await waitForPath(page, '/forgot')
    await visible(page.getByRole('heading', { level: 1, name: 'Forgot Password' }))
    await visible(page.getByRole('link', { name: 'Already have a reset token? Enter it here.' }))
    await expectAccessible(page, 'forgot password')

    const from = logSize()
    await page.getByLabel(/^Email/).fill(teacher.login)
    await page.getByRole('button', { name: 'Send Reset Link' }).click()
    await visible(page.getByRole('status').filter({ hasText: 'If an account uses that email, we have sent it a link to reset the password.' }))

    // No SMTP server here: the server logs the email, link included.
    const [, link] = await waitForLog(/(http:\/\/127\.0\.0\.1:\d+\/reset\?token=[A-Za-z0-9%._~-]+)/, from)
    expect(new URL(link).origin).toBe(new URL(page.url()).origin)
    const token = new URL(link).searchParams.get('token')
    expect(token).toBeTruthy()

    await page.goto(link)
    await visible(page.getByRole('heading', { level: 1, name: 'Reset Password' }))
    expect(await page.getByLabel(/^Password/).getAttribute('type')).toBe('password')
    await expectAccessible(page, 'reset password: new password form')
    await page.getByLabel(/^Password/).fill(newPassword)
    await page.getByLabel(/^Confirm Password/).fill(newPassword)
    await page.getByRole('button', { name: 'Reset Password' }).click()

    await visible(page.getByRole('status').filter({ hasText: 'Password reset. You have been logged in.' }))
    await expectSignedIn(page)
    await expectAccessible(page, 'reset password: done')
    // Signed in for real: the user area opens without a detour to /login.
    await page.getByRole('link', { name: 'Continue to Civics360' }).click()
    await waitForPath(page, '/')
    await visible(page.getByRole('region', { name: 'Topics' }).getByRole('heading', { name: 'The Constitution' }))
    await expectAccessible(page, 'home (teacher)')
    await page.getByRole('button', { name: 'Account menu' }).click()
    await visible(page.getByRole('menu', { name: 'Account' }))
    await expectAccessible(page, 'account menu open')
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    await waitForPath(page, '/user/profile')
    await visible(page.getByRole('heading', { level: 1, name: 'Your Profile' }))
    expect(await page.getByLabel(/^First Name/).inputValue()).toBe('Tara')
    await expectAccessible(page, 'profile (teacher)')

    // The token is single-use.
    const reuse = await postJson('/api/password/reset', { token, password: 'Another-pass-1234' })
    expect(reuse.status).toBe(400)

    await logoutThroughMenu(page)
    await page.getByRole('banner').getByRole('link', { name: 'Log in', exact: true }).click()
    await submitLogin(page, teacher.login, teacher.password)
    await visible(page.getByRole('alert').filter({ hasText: 'The username/email or password provided is incorrect.' }))
    await expectAccessible(page, 'log in: error')

    await page.getByLabel('Username or Email').fill(teacher.login)
    await page.getByLabel(/^Password/).fill(newPassword)
    await page.getByRole('button', { name: "Let's go!" }).click()
    await waitForPath(page, '/')
    await expectSignedIn(page)

    // Put the demo teacher's password back (through Accounts → Update Password) for the other files.
    await page.goto('/user/security')
    await visible(page.getByRole('heading', { level: 1, name: 'Accounts' }))
    await expectAccessible(page, 'accounts')
    await page.getByRole('button', { name: 'Update Password' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Update Password' }))
    await dialog.getByLabel(/^Current Password/).fill(newPassword)
    await dialog.getByLabel(/^Password/).fill(teacher.password)
    await dialog.getByLabel(/^Confirm Password/).fill(teacher.password)
    await expectAccessible(page, 'update password modal')
    await dialog.getByRole('button', { name: 'Update Password' }).click()
    await dialog.waitFor({ state: 'detached' })
    await visible(page.getByRole('status').filter({ hasText: 'Password successfully updated.' }))
    const check = await postJson('/api/login', { username: teacher.login, password: teacher.password })
    expect(check.status).toBe(200)
    expectNoPageErrors(context)
  })

  it('asks for a token on /reset without one', async () => {
    await page.goto('/reset')
    await visible(page.getByRole('heading', { level: 1, name: 'Reset Password' }))
    await visible(page.getByText('Enter the password reset token from the email we sent you.'))
    const token = page.getByLabel(/^Reset Token/)
    await visible(token)
    // No new-password form without a token.
    expect(await page.getByLabel(/^Confirm Password/).count()).toBe(0)
    await expectAccessible(page, 'reset password: token form')

    await page.getByRole('button', { name: 'Continue' }).click()
    await visible(page.getByText('Password reset token is required.'))
    expect(await token.getAttribute('aria-invalid')).toBe('true')
    expect(pathOf(page)).toBe('/reset')

    await token.fill('abc123')
    await page.getByRole('button', { name: 'Continue' }).click()
    await waitForPath(page, '/reset?token=abc123')
    await visible(page.getByLabel(/^Confirm Password/))
    expectNoPageErrors(context)
  })
})

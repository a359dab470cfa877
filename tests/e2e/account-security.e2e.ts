import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'

import {
  expectAccessible,
  expectNoPageErrors,
  expectSignedIn,
  freshPagePerTest,
  logSize,
  submitLogin,
  unique,
  visible,
  waitForLog,
  waitForPath,
} from './browser'

let context: BrowserContext
let page: Page
freshPagePerTest((session) => ({ context, page } = session))

/** The confirmation link the server logged for this address (no SMTP in the browser tests). */
const confirmationLink = async (email: string, from: number) => {
  const [, link] = await waitForLog(
    new RegExp(`To: ${email.replace(/[.+]/g, '\\$&')}\\nSubject: Confirm your Civics360 email address\\n[^\\n]*\\n(\\S+/verify-email\\?token=\\S+)`),
    from,
  )
  return new URL(link)
}

const signUpInBrowser = async (email: string, password: string) => {
  await page.goto('/signup?type=educator')
  await page.getByLabel(/^Email/).fill(email)
  await page.getByLabel(/^Password/).fill(password)
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await waitForPath(page, /^\/user/)
  await expectSignedIn(page)
}

describe('confirming an email', () => {
  it('a new educator sees the notice, resends the link, opens it and confirms; the notice goes away', async () => {
    const email = `${unique('confirm')}@e2e.test`
    const from = logSize()
    await signUpInBrowser(email, 'Confirm-pass-1234')
    const notice = await visible(page.getByRole('region', { name: 'Confirm your email' }))
    await visible(notice.getByText(email))
    await expectAccessible(page, 'confirm-email notice')
    const first = await confirmationLink(email, from)

    // Resend by keyboard: the button is reachable and works with Enter.
    const resendFrom = logSize()
    await notice.getByRole('button', { name: 'Resend confirmation email' }).focus()
    await page.keyboard.press('Enter')
    await visible(notice.getByRole('status').filter({ hasText: 'We sent a new confirmation link. Check your inbox.' }))
    const second = await confirmationLink(email, resendFrom)
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'))

    // The old link no longer works; the new one does, once.
    await page.goto(`/verify-email${first.search}`)
    await visible(page.getByRole('heading', { level: 1, name: 'Confirm your email' }))
    await expectAccessible(page, 'verify-email page')
    await page.getByRole('button', { name: 'Confirm my email' }).click()
    await visible(page.getByRole('alert').filter({ hasText: 'This confirmation link is invalid or has expired.' }))

    await page.goto(`/verify-email${second.search}`)
    await page.getByRole('button', { name: 'Confirm my email' }).click()
    await visible(page.getByRole('status').filter({ hasText: 'Thank you: your email address is confirmed.' }))
    expect(await page.getByRole('region', { name: 'Confirm your email' }).count()).toBe(0)
    await page.goto('/user/profile')
    await visible(page.getByRole('heading', { level: 1, name: 'Your Profile' }))
    expect(await page.getByRole('region', { name: 'Confirm your email' }).count()).toBe(0)
    expectNoPageErrors(context)
  })
})

describe('changing a password needs the current one', () => {
  it('Update Password asks for the current password, refuses a wrong one, and accepts the right one', async () => {
    const email = `${unique('reauth')}@e2e.test`
    const password = 'Reauth-pass-1234'
    const next = 'Reauth-next-5678'
    await signUpInBrowser(email, password)
    await page.goto('/user/security')
    await visible(page.getByRole('heading', { level: 1, name: 'Accounts' }))
    await page.getByRole('button', { name: 'Update Password' }).click()
    const dialog = await visible(page.getByRole('dialog', { name: 'Update Password' }))
    await dialog.getByLabel(/^Password/).fill(next)
    await dialog.getByLabel(/^Confirm Password/).fill(next)
    await dialog.getByRole('button', { name: 'Update Password' }).click()
    await visible(dialog.getByText('Current password is required.'))
    await expectAccessible(page, 'update password: current password missing')

    await dialog.getByLabel(/^Current Password/).fill('Not-my-password-1')
    await dialog.getByRole('button', { name: 'Update Password' }).click()
    await visible(dialog.getByRole('alert').filter({ hasText: 'Your current password is not correct.' }))

    await dialog.getByLabel(/^Current Password/).fill(password)
    await dialog.getByLabel(/^Current Password/).press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await visible(page.getByRole('status').filter({ hasText: 'Password successfully updated.' }))

    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Logout' }).click()
    await page.goto('/login')
    await submitLogin(page, email, next)
    await waitForPath(page, '/')
    await expectSignedIn(page)
    expectNoPageErrors(context)
  })
})

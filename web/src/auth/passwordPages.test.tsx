import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { expectOnlyMessages } from '../test/messages'
import { field, makeUser, mockFetch, renderApp } from '../test/render'
import { EMAIL_REQUIRED, PASSWORD_CONFIRMATION_REQUIRED, PASSWORD_REQUIRED, PASSWORDS_DO_NOT_MATCH } from '../ui/messages'
import { ForgotPage } from './ForgotPage'
import { PASSWORD_RESET_DONE, RESET_TOKEN_REQUIRED } from './passwordSchemas'
import { ResetPage } from './ResetPage'

describe('/forgot', () => {
  it("requires the email: 'Email is required.'", async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch(() => undefined)
    renderApp(<ForgotPage />)
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    await expectOnlyMessages([EMAIL_REQUIRED])
    expect(calls).toHaveLength(0)
  })

  it('tells a student, who has no email, to ask their teacher for a new password', () => {
    mockFetch(() => undefined)
    renderApp(<ForgotPage />)
    expect(screen.getByText('Students: your account has no email, so no link can be sent to you. Ask your teacher for a new password.')).toBeInTheDocument()
  })

  it('requests the reset with the email as username and links to the token form', async () => {
    const user = userEvent.setup()
    const { find } = mockFetch(() => ({ body: { message: 'Check your email.' } }))
    renderApp(<ForgotPage />)
    expect(screen.getByRole('link', { name: /reset token/ })).toHaveAttribute('href', '/reset')
    await user.type(field('Email'), 'a@example.org')
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }))
    expect(await screen.findByText('Check your email.')).toHaveAttribute('role', 'status')
    expect(find('POST', '/api/password/request')[0].body).toEqual({ username: 'a@example.org' })
  })
})

describe('/reset', () => {
  it("without a token asks for one: 'Password reset token is required.'", async () => {
    const user = userEvent.setup()
    renderApp(<ResetPage />, { route: '/reset', path: '/reset' })
    expect(screen.queryByLabelText(/^Password/)).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await expectOnlyMessages([RESET_TOKEN_REQUIRED])
    await user.type(field('Reset Token'), 'tok-1')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByLabelText(/^Confirm Password/)).toBeInTheDocument()
  })

  it('with a token: both password messages, then the enforced match', async () => {
    const user = userEvent.setup()
    const { calls } = mockFetch(() => undefined)
    renderApp(<ResetPage />, { route: '/reset?token=tok-1', path: '/reset' })
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    await expectOnlyMessages([PASSWORD_REQUIRED, PASSWORD_CONFIRMATION_REQUIRED])
    await user.type(field('Password'), 'one')
    await user.type(field('Confirm Password'), 'two')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    await expectOnlyMessages([PASSWORDS_DO_NOT_MATCH])
    expect(calls).toHaveLength(0)
  })

  it('resets, logs the user in and shows the notice', async () => {
    const user = userEvent.setup()
    const { find } = mockFetch(() => ({ body: { message: PASSWORD_RESET_DONE, user: makeUser(), token: 't' } }))
    renderApp(<ResetPage />, { route: '/reset?token=tok-1', path: '/reset' })
    await user.type(field('Password'), 'same')
    await user.type(field('Confirm Password'), 'same')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    expect(await screen.findByText('Password reset. You have been logged in.')).toHaveAttribute('role', 'status')
    expect(find('POST', '/api/password/reset')[0].body).toEqual({ token: 'tok-1', password: 'same' })
  })
})

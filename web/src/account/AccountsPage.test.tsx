import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { User } from '../api/types'
import { expectOnlyMessages } from '../test/messages'
import { field, makeUser, mockFetch, renderApp } from '../test/render'
import { CURRENT_PASSWORD_REQUIRED, EMAIL_REQUIRED, PASSWORD_CONFIRMATION_REQUIRED, PASSWORD_REQUIRED, PASSWORDS_DO_NOT_MATCH } from '../ui/messages'
import { PASSWORD_AND_CONFIRMATION_MISMATCH } from './accountSchemas'
import { AccountsPage } from './AccountsPage'

const socialUser = makeUser({
  email: null,
  providers: [
    { provider: 'google', username: 'ada@gmail.example' },
    { provider: 'facebook', username: '1234' },
  ],
  meta: { oauthEmail: 'ada@gmail.example', oauthFirstName: 'Ada', oauthLastName: 'L' },
})
const localUser = makeUser()

function server(answer: (user: User) => User = (user) => user) {
  return mockFetch(({ url, method, body }) => {
    if (url === '/api/users/3/providers' && method === 'POST')
      return {
        body: {
          message: 'Email and password added to your account.',
          user: answer({
            ...socialUser,
            providers: [...(socialUser.providers ?? []), { provider: 'local', username: (body as { username: string }).username }],
          }),
        },
      }
    if (url === '/api/users/3/providers' && method === 'PUT') return { body: { message: 'ok', user: answer(localUser) } }
    return undefined
  })
}

describe('Accounts', () => {
  it('shows the heading and the social cards only for linked providers', () => {
    renderApp(<AccountsPage />, { user: socialUser })
    expect(screen.getByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument()
    expect(screen.getByText('Your Facebook account is connected!')).toBeInTheDocument()
    expect(screen.getByText('Your Google account is connected!')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Connect Email Account' })).toBeInTheDocument()
  })

  it('hides the social cards for an email-only account', () => {
    renderApp(<AccountsPage />, { user: localUser })
    expect(screen.queryByText('Your Facebook account is connected!')).toBeNull()
    expect(screen.queryByText('Your Google account is connected!')).toBeNull()
    expect(screen.getByText('teacher@example.org')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Connect Email Account' })).toBeNull()
  })
})

describe('Disconnect a social account', () => {
  it('is offered only while another way to log in remains', () => {
    renderApp(<AccountsPage />, { user: makeUser({ email: null, providers: [{ provider: 'google', username: 'ada@gmail.example' }] }) })
    expect(screen.getByText('Your Google account is connected!')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Disconnect Google' })).toBeNull()
  })

  it('removes the provider and shows the server message', async () => {
    const user = userEvent.setup()
    const { find } = mockFetch(({ url, method }) =>
      url === '/api/users/3/providers/facebook' && method === 'DELETE'
        ? {
            body: {
              message: 'Your Facebook account is disconnected.',
              user: { ...socialUser, providers: [{ provider: 'google', username: 'ada@gmail.example' }] },
            },
          }
        : undefined,
    )
    renderApp(<AccountsPage />, { user: socialUser })
    await user.click(screen.getByRole('button', { name: 'Disconnect Facebook' }))
    expect(await screen.findByText('Your Facebook account is disconnected.')).toHaveClass('notice-success')
    expect(find('DELETE', '/api/users/3/providers/facebook')).toHaveLength(1)
    expect(screen.queryByText('Your Facebook account is connected!')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Disconnect Google' })).toBeNull()
  })

  it("shows the server's refusal", async () => {
    const user = userEvent.setup()
    mockFetch(() => ({ status: 400, body: { errors: [{ message: 'Google is the only way to log in to this account. Connect an email account first.' }] } }))
    renderApp(<AccountsPage />, { user: socialUser })
    await user.click(screen.getByRole('button', { name: 'Disconnect Google' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Google is the only way to log in to this account.')
  })
})

describe('Connect Email Account', () => {
  it('prefills the social email with its helper, and validates', async () => {
    const user = userEvent.setup()
    const { calls } = server()
    renderApp(<AccountsPage />, { user: socialUser })
    await user.click(screen.getByRole('button', { name: 'Connect Email Account' }))
    const dialog = screen.getByRole('dialog', { name: 'Connect Email Account' })
    expect(dialog).toHaveTextContent('lets you log in with your email and password')
    expect(field('Email')).toHaveValue('ada@gmail.example')
    expect(field('Email')).toHaveAccessibleDescription('Email copied from your social media profile.')
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
    await user.clear(field('Email'))
    await user.click(screen.getByRole('button', { name: 'Update Email' }))
    await expectOnlyMessages([EMAIL_REQUIRED, PASSWORD_REQUIRED, PASSWORD_CONFIRMATION_REQUIRED])
    await user.type(field('Email'), 'ada@example.org')
    await user.type(field('Password'), 'one')
    await user.type(field('Confirm Password'), 'two')
    await user.click(screen.getByRole('button', { name: 'Update Email' }))
    await expectOnlyMessages([PASSWORD_AND_CONFIRMATION_MISMATCH])
    expect(screen.getByText("Password and confirmation don't match")).toBeInTheDocument()
    expect(calls).toHaveLength(0)
  })

  it('adds the login and shows the success notice', async () => {
    const user = userEvent.setup()
    const { find } = server()
    renderApp(<AccountsPage />, { user: socialUser })
    await user.click(screen.getByRole('button', { name: 'Connect Email Account' }))
    await user.type(field('Password'), 'same')
    await user.type(field('Confirm Password'), 'same')
    await user.click(screen.getByRole('button', { name: 'Update Email' }))
    expect(await screen.findByText('Email and password added to your account.')).toHaveClass('notice-success')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(find('POST', '/api/users/3/providers')[0].body).toEqual({ provider: 'local', username: 'ada@gmail.example', password: 'same' })
    expect(screen.getByRole('button', { name: 'Update Password' })).toBeInTheDocument()
  })

  it('closes on an outside click and on Escape', async () => {
    const user = userEvent.setup()
    renderApp(<AccountsPage />, { user: socialUser })
    await user.click(screen.getByRole('button', { name: 'Connect Email Account' }))
    fireEvent.mouseDown(screen.getByTestId('modal-backdrop'))
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Connect Email Account' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})

describe('Update Email', () => {
  it("requires the email, then updates it: 'Email successfully updated.'", async () => {
    const user = userEvent.setup()
    const { find } = server()
    renderApp(<AccountsPage />, { user: localUser })
    await user.click(screen.getByRole('button', { name: 'Update Email' }))
    expect(screen.getByRole('dialog', { name: 'Update Email' })).toBeInTheDocument()
    expect(screen.queryByLabelText(/^Password/)).toBeNull()
    await user.clear(field('Email'))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Update Email' }))
    await expectOnlyMessages([EMAIL_REQUIRED, CURRENT_PASSWORD_REQUIRED])
    await user.type(field('Email'), 'new@example.org')
    await user.type(field('Current Password'), 'my-old-password')
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Update Email' }))
    expect(await screen.findByText('Email successfully updated.')).toBeInTheDocument()
    expect(find('PUT', '/api/users/3/providers')[0].body).toEqual({ provider: 'local', username: 'new@example.org', currentPassword: 'my-old-password' })
  })

  it('closes with Cancel without saving', async () => {
    const user = userEvent.setup()
    const { calls } = server()
    renderApp(<AccountsPage />, { user: localUser })
    await user.click(screen.getByRole('button', { name: 'Update Email' }))
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls).toHaveLength(0)
  })
})

describe('Update Password', () => {
  it("validates, enforces 'Passwords do not match.', then updates", async () => {
    const user = userEvent.setup()
    const { find } = server()
    renderApp(<AccountsPage />, { user: localUser })
    await user.click(screen.getByRole('button', { name: 'Update Password' }))
    expect(screen.getByRole('dialog', { name: 'Update Password' })).toBeInTheDocument()
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Update Password' }))
    await expectOnlyMessages([CURRENT_PASSWORD_REQUIRED, PASSWORD_REQUIRED, PASSWORD_CONFIRMATION_REQUIRED])
    await user.type(field('Current Password'), 'my-old-password')
    await user.type(field('Password'), 'one')
    await user.type(field('Confirm Password'), 'two')
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Update Password' }))
    await expectOnlyMessages([PASSWORDS_DO_NOT_MATCH])
    await user.clear(field('Confirm Password'))
    await user.type(field('Confirm Password'), 'one')
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Update Password' }))
    await waitFor(() => expect(screen.getByText('Password successfully updated.')).toBeInTheDocument())
    expect(find('PUT', '/api/users/3/providers')[0].body).toEqual({ provider: 'local', password: 'one', currentPassword: 'my-old-password' })
  })
})

import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { expectOnlyMessages } from '../test/messages'
import { currentLocation, field, makeUser, mockFetch, renderApp } from '../test/render'
import { EMAIL_REQUIRED, PASSWORD_REQUIRED } from '../ui/messages'
import { CLASSROOM_CODE_MISSING } from './signupSchemas'
import { SignupPage } from './SignupPage'

function server() {
  let usernames = 0
  return mockFetch(({ method, url }) => {
    if (url === '/api/users/username') return { body: { username: `brave-otter-${++usernames}` } }
    if (url === '/api/classrooms/code/ABC123') return { body: { name: 'Civics 7A', code: 'ABC123' } }
    if (url.startsWith('/api/classrooms/code/')) return { status: 404, body: { errors: [{ message: 'No classroom found with that code.' }] } }
    if (method === 'POST' && url === '/api/signup') return { status: 201, body: { user: makeUser({}, { completed: false, type: null }) } }
    return undefined
  })
}

describe('/signup', () => {
  it('offers the Student / Educator choice without a type', () => {
    renderApp(<SignupPage />, { route: '/signup', path: '/signup' })
    expect(screen.getByRole('link', { name: /Student/ })).toHaveAttribute('href', '/signup?type=student')
    expect(screen.getByRole('link', { name: /Educator/ })).toHaveAttribute('href', '/signup?type=educator')
  })

  it("educator: 'Email is required.' and 'Password is required.'", async () => {
    const user = userEvent.setup()
    const { find } = server()
    renderApp(<SignupPage />, { route: '/signup?type=educator', path: '/signup' })
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    await expectOnlyMessages([EMAIL_REQUIRED, PASSWORD_REQUIRED])
    expect(find('POST', '/api/signup')).toHaveLength(0)
  })

  it('educator: signs up with a local provider and lands on /user/profile', async () => {
    const user = userEvent.setup()
    const { find } = server()
    renderApp(<SignupPage />, { route: '/signup?type=educator', path: '/signup' })
    await user.type(field('Email'), 'new@example.org')
    await user.type(field('Password'), 'pw')
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    await waitFor(() => expect(currentLocation()).toBe('/user/profile'))
    expect(find('POST', '/api/signup')[0].body).toEqual({
      providers: [{ provider: 'local', username: 'new@example.org', password: 'pw' }],
    })
  })

  it('educator: offers social sign-up returning to the profile', () => {
    renderApp(<SignupPage />, { route: '/signup?type=educator', path: '/signup' })
    expect(screen.getByRole('link', { name: 'Sign Up with Google' })).toHaveAttribute('href', '/authenticate/google?redirect=%2Fuser%2Fprofile')
  })

  it("student: shows a generated username with a refresh button, and only 'Password is required.' of section 5", async () => {
    const user = userEvent.setup()
    server()
    renderApp(<SignupPage />, { route: '/signup?type=student', path: '/signup' })
    await waitFor(() => expect(field('Username')).toHaveValue('brave-otter-1'))
    expect(field('Username')).toHaveAttribute('readonly')
    await user.click(screen.getByRole('button', { name: /New username/ }))
    await waitFor(() => expect(field('Username')).toHaveValue('brave-otter-2'))
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    await expectOnlyMessages([PASSWORD_REQUIRED])
    expect(screen.getByText(CLASSROOM_CODE_MISSING)).toBeInTheDocument()
  })

  it('student: an unknown classroom code gets a clear message and no signup', async () => {
    const user = userEvent.setup()
    const { find } = server()
    renderApp(<SignupPage />, { route: '/signup?type=student', path: '/signup' })
    await waitFor(() => expect(field('Username')).toHaveValue('brave-otter-1'))
    await user.type(field('Password'), 'pw')
    await user.type(field('Classroom Code'), 'NOPE')
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    expect(await screen.findByText('No classroom found with that code.')).toBeInTheDocument()
    expect(field('Classroom Code')).toHaveAttribute('aria-invalid', 'true')
    expect(find('POST', '/api/signup')).toHaveLength(0)
  })

  it('student: a known code names the class and signs up as a student', async () => {
    const user = userEvent.setup()
    const { find } = server()
    renderApp(<SignupPage />, { route: '/signup?type=student', path: '/signup' })
    await waitFor(() => expect(field('Username')).toHaveValue('brave-otter-1'))
    await user.type(field('Password'), 'pw')
    await user.type(field('Classroom Code'), 'ABC123')
    await user.tab()
    expect(await screen.findByText('Classroom found: Civics 7A')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Sign Up' }))
    await waitFor(() => expect(currentLocation()).toBe('/user/profile'))
    expect(find('POST', '/api/signup')[0].body).toEqual({
      providers: [{ provider: 'username', username: 'brave-otter-1', password: 'pw' }],
      attributes: { type: 'student', classroom: 'ABC123' },
    })
  })
})

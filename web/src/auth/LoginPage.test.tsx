import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { currentLocation, field, makeUser, mockFetch, renderApp } from '../test/render'
import type { User } from '../api/types'
import { loadSessionLanguage, loadStoredPreferences, storePreferences, type Preferences } from '../session/preferences'
import { LoginPage, SOCIAL_SIGN_IN_ERRORS, SOCIAL_SIGN_IN_FAILED } from './LoginPage'
import { safeRedirect } from './safeRedirect'

function loginServer(status = 200) {
  return mockFetch(({ url }) =>
    url === '/api/login'
      ? status === 200
        ? { body: { message: 'ok', user: makeUser(), token: 't', exp: 1 } }
        : { status, body: { errors: [{ message: 'The username or password provided is incorrect.' }] } }
      : undefined,
  )
}

describe('/login', () => {
  it('shows the screen of the spec', () => {
    renderApp(<LoginPage />, { route: '/login?redirect=%2Fmodules%2F4', path: '/login' })
    expect(document.title).toBe('Log in to Civics360')
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Log in to Civics360')
    expect(field('Username or Email')).toHaveAttribute('type', 'text')
    expect(field('Password')).toHaveAttribute('type', 'password')
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: "Let's go!" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Log In with Facebook' })).toHaveAttribute('href', '/authenticate/facebook?redirect=%2Fmodules%2F4')
    expect(screen.getByRole('link', { name: 'Log In with Google' })).toHaveAttribute('href', '/authenticate/google?redirect=%2Fmodules%2F4')
    expect(screen.getByRole('link', { name: 'Need an account? Sign up.' })).toHaveAttribute('href', '/signup')
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot')
    expect(screen.getByText('Welcome back.')).toBeInTheDocument()
  })

  it('links the social buttons without a redirect when there is none', () => {
    renderApp(<LoginPage />, { route: '/login', path: '/login' })
    expect(screen.getByRole('link', { name: 'Log In with Google' })).toHaveAttribute('href', '/authenticate/google')
  })

  it('has no client validation: an empty form goes to the server, whose message is shown', async () => {
    const user = userEvent.setup()
    const { find } = loginServer(401)
    renderApp(<LoginPage />, { route: '/login', path: '/login' })
    await user.click(screen.getByRole('button', { name: "Let's go!" }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The username or password provided is incorrect.')
    expect(find('POST', '/api/login')[0].body).toEqual({ username: '', password: '' })
  })

  it('shows the general message when the server sends none', async () => {
    const user = userEvent.setup()
    mockFetch(() => ({ status: 502, body: undefined }))
    renderApp(<LoginPage />, { route: '/login', path: '/login' })
    await user.click(screen.getByRole('button', { name: "Let's go!" }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Request failed with status code 502')
  })

  it('goes to the return path after logging in', async () => {
    const user = userEvent.setup()
    const { find } = loginServer()
    renderApp(<LoginPage />, { route: '/login?redirect=%2Fmodules%2F4', path: '/login' })
    await user.type(field('Username or Email'), 'teacher@example.org')
    await user.type(field('Password'), 'secret')
    await user.click(screen.getByRole('button', { name: "Let's go!" }))
    await waitFor(() => expect(currentLocation()).toBe('/modules/4'))
    expect(find('POST', '/api/login')[0].body).toEqual({ username: 'teacher@example.org', password: 'secret' })
  })

  it.each([
    ['/login?redirect=%2Flogin', '/'],
    ['/login', '/'],
    ['/login?redirect=%2F%2Fevil.example', '/'],
  ])('from %s goes to %s', async (route, expected) => {
    const user = userEvent.setup()
    loginServer()
    renderApp(<LoginPage />, { route, path: '/login' })
    await user.click(screen.getByRole('button', { name: "Let's go!" }))
    await waitFor(() => expect(currentLocation()).toBe(expected))
  })
})

describe('a language chosen before login', () => {
  /** The header's choice while signed out, as the session keeps it in this browser. */
  const chooseBeforeLogin = (language: string) => storePreferences({ mode: 'day', size: false, theme: 'civics', language } as Preferences)

  function accountServer(language: string | null) {
    const account = makeUser({ language } as Partial<User>)
    return mockFetch(({ method, url, body }) =>
      url === '/api/login'
        ? { body: { message: 'ok', user: account, token: 't', exp: 1 } }
        : method === 'PUT' && url === '/api/users/3/theme'
          ? { body: { message: 'Theme settings updated.', user: { ...account, ...(body as object) } } }
          : undefined,
    )
  }

  async function logIn() {
    const user = userEvent.setup()
    renderApp(<LoginPage />, { route: '/login', path: '/login' })
    await user.click(screen.getByRole('button', { name: "Let's go!" }))
    await waitFor(() => expect(currentLocation()).toBe('/'))
  }

  it("becomes the language of an account that has none, and leaves this browser's visitor preferences", async () => {
    chooseBeforeLogin('es')
    const { find } = accountServer(null)
    await logIn()
    await waitFor(() => expect(find('PUT', '/api/users/3/theme')).toHaveLength(1))
    expect(find('PUT', '/api/users/3/theme')[0].body).toEqual({ mode: 'day', size: false, theme: 'civics', language: 'es' })
    expect(loadStoredPreferences()).toEqual({ mode: 'day', size: false, theme: 'civics' })
    expect(loadSessionLanguage({ id: 3 })).toBeNull()
  })

  it('holds for the session over an account that has another, without changing the account', async () => {
    chooseBeforeLogin('es')
    const { find } = accountServer('ht')
    await logIn()
    expect(find('PUT', '/api/users/3/theme')).toHaveLength(0)
    expect(loadSessionLanguage({ id: 3 })).toBe('es')
    expect(loadSessionLanguage({ id: 4 })).toBeNull()
  })

  it('changes nothing when none was chosen', async () => {
    const { find } = accountServer(null)
    await logIn()
    expect(find('PUT', '/api/users/3/theme')).toHaveLength(0)
    expect(loadSessionLanguage({ id: 3 })).toBeNull()
  })
})

describe('social sign-in on /login', () => {
  function serverPageData(data: object) {
    const script = document.createElement('script')
    script.id = 'page-data'
    script.type = 'application/json'
    script.textContent = JSON.stringify({ csrfToken: 'x', user: null, ...data })
    document.body.append(script)
  }
  afterEach(() => document.getElementById('page-data')?.remove())

  it('offers only the providers the server has configured', () => {
    serverPageData({ socialProviders: ['google'] })
    renderApp(<LoginPage />, { route: '/login', path: '/login' })
    expect(screen.getByRole('link', { name: 'Log In with Google' })).toHaveAttribute('href', '/authenticate/google')
    expect(screen.queryByRole('link', { name: 'Log In with Facebook' })).toBeNull()
  })

  it('drops the buttons and the "or" divider when no provider is configured', () => {
    serverPageData({ socialProviders: [] })
    renderApp(<LoginPage />, { route: '/login', path: '/login' })
    expect(screen.queryByRole('link', { name: /Log In with/ })).toBeNull()
    expect(screen.queryByText('or')).toBeNull()
  })

  it.each([
    ['denied', 'You cancelled signing in with your social media account. Try again, or log in with your email and password.'],
    ['state', 'Your sign-in took too long or could not be verified. Please try again.'],
    ['provider', 'We could not reach your social media account. Please try again in a few minutes.'],
    ['missing_email', SOCIAL_SIGN_IN_ERRORS.missing_email],
    ['student', 'Students log in with their username and password.'],
    ['server', 'Something went wrong while signing you in. Please try again.'],
    ['something-new', SOCIAL_SIGN_IN_FAILED],
    ['constructor', SOCIAL_SIGN_IN_FAILED],
  ])('explains ?error=%s', (code, text) => {
    renderApp(<LoginPage />, { route: `/login?error=${code}&redirect=%2Fmodules%2F4`, path: '/login' })
    expect(screen.getByRole('alert')).toHaveTextContent(text)
    expect(screen.getByRole('link', { name: 'Log In with Google' })).toHaveAttribute('href', '/authenticate/google?redirect=%2Fmodules%2F4')
  })

  it("replaces the social message with the password login's own answer", async () => {
    const user = userEvent.setup()
    loginServer(401)
    renderApp(<LoginPage />, { route: '/login?error=denied', path: '/login' })
    await user.click(screen.getByRole('button', { name: "Let's go!" }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The username or password provided is incorrect.')
    expect(screen.getAllByRole('alert')).toHaveLength(1)
  })
})

describe('safeRedirect', () => {
  it('keeps same-origin relative paths only', () => {
    expect(safeRedirect('/user/profile?x=1')).toBe('/user/profile?x=1')
    expect(safeRedirect('https://evil.example/')).toBe('/')
    expect(safeRedirect('//evil.example')).toBe('/')
    expect(safeRedirect('/\\evil.example')).toBe('/')
    expect(safeRedirect('/login?redirect=/x')).toBe('/')
    expect(safeRedirect(null)).toBe('/')
  })
})

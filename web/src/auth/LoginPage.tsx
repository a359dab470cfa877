import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { api } from '../api/client'
import type { SessionAnswer } from '../api/types'
import { useSession } from '../session/useSession'
import { ErrorNotice } from '../ui/Notice'
import { PasswordInput } from '../ui/PasswordInput'
import { TextInput } from '../ui/TextInput'
import { PRODUCT_NAME, useDocumentTitle } from '../ui/useDocumentTitle'
import { safeRedirect } from './safeRedirect'
import { enabledSocialProviders, SocialButtons } from './SocialButtons'

export const LOGIN_TITLE = `Log in to ${PRODUCT_NAME}`

/** Why a social sign-in came back to /login (`?error=` from the server's OAuth callback). */
export const SOCIAL_SIGN_IN_ERRORS: Record<string, string> = {
  denied: 'You cancelled signing in with your social media account. Try again, or log in with your email and password.',
  state: 'Your sign-in took too long or could not be verified. Please try again.',
  provider: 'We could not reach your social media account. Please try again in a few minutes.',
  missing_email:
    'Your social media account did not share an email address with us. Allow access to your email address when you sign in, or sign up with your email and password.',
  student: 'Students log in with their username and password.',
  unconfirmed_email:
    'An account with this email already exists. Log in with your email and password, then connect your social media account from Accounts.',
  identity_taken: 'That social media account is already connected to another Civics360 account.',
  server: 'Something went wrong while signing you in. Please try again.',
}
export const SOCIAL_SIGN_IN_FAILED = 'We could not sign you in with your social media account. Please try again.'

function socialSignInError(code: string | null): string | null {
  if (!code) return null
  return Object.hasOwn(SOCIAL_SIGN_IN_ERRORS, code) ? SOCIAL_SIGN_IN_ERRORS[code] : SOCIAL_SIGN_IN_FAILED
}

/** Spec section 2: no client validation, the server decides. */
export function LoginPage() {
  useDocumentTitle(LOGIN_TITLE, true)
  const { setUser } = useSession()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const redirect = params.get('redirect')
  const socialError = socialSignInError(params.get('error'))
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle')
  const [error, setError] = useState<unknown>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setStatus('loading')
    setError(null)
    try {
      const answer = await api.post<SessionAnswer>('/api/login', { username, password })
      setUser(answer.user)
      navigate(safeRedirect(redirect), { replace: true })
    } catch (failure) {
      setError(failure)
      setStatus('error')
    }
  }

  const socialRedirect = redirect ? safeRedirect(redirect) : null
  const socialProviders = enabledSocialProviders()

  return (
    <div className="auth-layout">
      <section className="auth-panel">
        <h1>{LOGIN_TITLE}</h1>
        {status === 'error' && <ErrorNotice error={error} />}
        {status === 'idle' && socialError && <ErrorNotice>{socialError}</ErrorNotice>}
        <form onSubmit={submit} noValidate className="form">
          <TextInput
            label="Username or Email"
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button type="submit" className="button button-primary button-block-mobile" disabled={status === 'loading'}>
            Let's go!
          </button>
        </form>
        {socialProviders.length > 0 && (
          <>
            <p className="divider">
              <span>or</span>
            </p>
            <SocialButtons verb="Log In" redirect={socialRedirect} providers={socialProviders} />
          </>
        )}
        <p className="auth-links">
          <Link to="/signup">Need an account? Sign up.</Link>
          <Link to="/forgot">Forgot Password?</Link>
        </p>
      </section>
      <aside className="auth-banner" aria-label="Welcome">
        <p className="auth-banner-text">Welcome back.</p>
      </aside>
    </div>
  )
}

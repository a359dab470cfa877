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
import { SocialButtons } from './SocialButtons'

export const LOGIN_TITLE = `Log in to ${PRODUCT_NAME}`

/** Spec section 2: no client validation, the server decides. */
export function LoginPage() {
  useDocumentTitle(LOGIN_TITLE, true)
  const { setUser } = useSession()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const redirect = params.get('redirect')
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

  return (
    <div className="auth-layout">
      <section className="auth-panel">
        <h1>{LOGIN_TITLE}</h1>
        {status === 'error' && <ErrorNotice error={error} />}
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
        <p className="divider">
          <span>or</span>
        </p>
        <SocialButtons verb="Log In" redirect={socialRedirect} />
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

import { useState, type FormEvent } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { ErrorNotice } from '../ui/Notice'
import { PasswordInput } from '../ui/PasswordInput'
import { TextInput } from '../ui/TextInput'
import { PRODUCT_NAME, useDocumentTitle } from '../ui/useDocumentTitle'
import en from '../i18n/locales/en.screens.json'
import { logIn } from './api/session'
import { safeRedirect } from './safeRedirect'
import { enabledSocialProviders, SocialButtons } from './SocialButtons'
import { DistrictSignIn } from './DistrictSignIn'

/** Why a social or district sign-in came back to /login (`?error=` from the server's callbacks): the English words, for tests. */
export const SOCIAL_SIGN_IN_ERRORS: Record<string, string> = en.auth.login.errors
export const SOCIAL_SIGN_IN_FAILED = en.auth.login.failed

/** The catalogue key of a social sign-in error code. */
function socialSignInError(code: string | null): string | null {
  if (!code) return null
  return Object.hasOwn(SOCIAL_SIGN_IN_ERRORS, code) ? `auth.login.errors.${code}` : 'auth.login.failed'
}

/** Spec section 2: no client validation, the server decides. */
export function LoginPage() {
  const { t } = useTranslation()
  const title = t('auth.login.title', { product: PRODUCT_NAME })
  useDocumentTitle(title, true)
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
      const answer = await logIn(username, password)
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
        <h1>{title}</h1>
        {status === 'error' && <ErrorNotice error={error} />}
        {status === 'idle' && socialError && <ErrorNotice>{t(socialError)}</ErrorNotice>}
        <form onSubmit={submit} noValidate className="form">
          <TextInput
            label={t('auth.login.username')}
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
          />
          <PasswordInput
            label={t('auth.login.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <button type="submit" className="button button-primary button-block-mobile" disabled={status === 'loading'}>
            {t('auth.login.submit')}
          </button>
        </form>
        {socialProviders.length > 0 && (
          <>
            <p className="divider">
              <span>{t('auth.login.or')}</span>
            </p>
            <SocialButtons verb="Log In" redirect={socialRedirect} providers={socialProviders} />
          </>
        )}
        <DistrictSignIn redirect={socialRedirect} />
        <p className="auth-links">
          <Link to="/signup">{t('auth.login.needAccount')}</Link>
          <Link to="/forgot">{t('auth.login.forgot')}</Link>
        </p>
      </section>
      <aside className="auth-banner" aria-label={t('auth.login.welcome')}>
        <p className="auth-banner-text">{t('auth.login.welcomeBack')}</p>
      </aside>
    </div>
  )
}

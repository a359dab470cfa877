import { type FormEvent, useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { Link, useSearchParams } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { SaveButton } from '../ui/SaveButton'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { confirmEmail } from './api/session'

/**
 * The page the confirmation email links to. The owner confirms with a button rather than on load,
 * so a mail scanner that opens links confirms nothing.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.confirm.title'))
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const { user, setUser } = useSession()
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [sending, setSending] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setSending(true)
    setError(null)
    try {
      const answer = await confirmEmail(token)
      if (answer.user && user) setUser(answer.user)
      setDone(answer.message)
    } catch (failure) {
      setError(failure)
    } finally {
      setSending(false)
    }
  }

  return (
    <section className="auth-panel auth-panel-narrow">
      <h1>{t('auth.confirm.title')}</h1>
      {done ? (
        <>
          <SuccessNotice>{done}</SuccessNotice>
          <p>
            <Link to={user ? '/user/profile' : '/login'}>{t(user ? 'auth.confirm.toProfile' : 'shell.nav.login')}</Link>
          </p>
        </>
      ) : (
        <form onSubmit={submit} className="form">
          {error !== null && <ErrorNotice error={error} />}
          <p>{t('auth.confirm.intro')}</p>
          <SaveButton label={t('auth.confirm.submit')} loading={sending} />
        </form>
      )}
    </section>
  )
}

import { useState } from 'react'
import { Trans, useTranslation } from '../i18n/useTranslation'
import { useSession } from '../session/useSession'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { resendConfirmation } from './api/session'
import { needsEmailConfirmation } from './emailConfirmation'

/** Shown to a signed-in user until they confirm their email; they may go on using the product meanwhile. */
export function ConfirmEmailNotice() {
  const { t } = useTranslation()
  const { user } = useSession()
  const [sent, setSent] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [sending, setSending] = useState(false)
  if (!needsEmailConfirmation(user)) return null

  async function resend() {
    setSending(true)
    setError(null)
    setSent(null)
    try {
      setSent((await resendConfirmation()).message)
    } catch (failure) {
      setError(failure)
    } finally {
      setSending(false)
    }
  }

  return (
    <section className="notice notice-info confirm-email" aria-labelledby="confirm-email-heading">
      <h2 id="confirm-email-heading" className="notice-title">
        {t('auth.confirm.title')}
      </h2>
      <p>
        <Trans i18nKey="auth.confirm.sent" values={{ email: user?.email }} components={{ strong: <strong /> }} />
      </p>
      {sent && <SuccessNotice>{sent}</SuccessNotice>}
      {error !== null && <ErrorNotice error={error} />}
      <button type="button" className="button button-secondary" onClick={resend} disabled={sending}>
        {t('auth.confirm.resend')}
      </button>
    </section>
  )
}

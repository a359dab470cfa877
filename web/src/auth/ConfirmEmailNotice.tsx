import { useState } from 'react'
import { useSession } from '../session/useSession'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { needsEmailConfirmation, resendConfirmation } from './emailConfirmation'

/** Shown to a signed-in user until they confirm their email; they may go on using the product meanwhile. */
export function ConfirmEmailNotice() {
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
        Confirm your email
      </h2>
      <p>
        We sent a confirmation link to <strong>{user?.email}</strong>. Open it to confirm that this email is yours.
      </p>
      {sent && <SuccessNotice>{sent}</SuccessNotice>}
      {error !== null && <ErrorNotice error={error} />}
      <button type="button" className="button button-secondary" onClick={resend} disabled={sending}>
        Resend confirmation email
      </button>
    </section>
  )
}

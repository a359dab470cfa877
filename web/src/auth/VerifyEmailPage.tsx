import { type FormEvent, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { SaveButton } from '../ui/SaveButton'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { confirmEmail } from './emailConfirmation'

/**
 * The page the confirmation email links to. The owner confirms with a button rather than on load,
 * so a mail scanner that opens links confirms nothing.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Confirm your email')
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
      <h1>Confirm your email</h1>
      {done ? (
        <>
          <SuccessNotice>{done}</SuccessNotice>
          <p>
            <Link to={user ? '/user/profile' : '/login'}>{user ? 'Go to your profile' : 'Log in'}</Link>
          </p>
        </>
      ) : (
        <form onSubmit={submit} className="form">
          {error !== null && <ErrorNotice error={error} />}
          <p>Confirm that this email address belongs to you.</p>
          <SaveButton label="Confirm my email" loading={sending} />
        </form>
      )}
    </section>
  )
}

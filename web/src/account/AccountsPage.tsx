import { useState } from 'react'
import { request } from '../api/client'
import { readPageData, type SocialProvider } from '../api/pageData'
import type { User, UserAnswer } from '../api/types'
import { useSession } from '../session/useSession'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { ConnectEmailModal } from './ConnectEmailModal'
import { UpdateEmailModal } from './UpdateEmailModal'
import { UpdatePasswordModal } from './UpdatePasswordModal'

export const FACEBOOK_CONNECTED = 'Your Facebook account is connected!'
export const GOOGLE_CONNECTED = 'Your Google account is connected!'

type Dialog = 'connect' | 'email' | 'password' | null

const providerLabels: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google' }

/** The server's OAuth handshake in "connect" mode: the identity joins the signed-in account, then back here. */
const connectHref = (provider: SocialProvider) => `/authenticate/${provider}?connect=1&redirect=${encodeURIComponent('/user/security')}`

export function AccountsPage() {
  useDocumentTitle('Accounts')
  const { user, setUser } = useSession()
  const [dialog, setDialog] = useState<Dialog>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const [unlinkError, setUnlinkError] = useState<unknown>(null)
  const [unlinking, setUnlinking] = useState<SocialProvider | null>(null)
  if (!user) return null

  const providers = user.providers ?? []
  const local = providers.find((entry) => entry.provider === 'local')
  const linked = (provider: string) => providers.some((entry) => entry.provider === provider)
  const connectable = (readPageData().socialProviders ?? []).filter((provider) => !linked(provider))

  function done(saved: User, message: string) {
    setUser(saved)
    setSuccess(message)
    setDialog(null)
  }

  function open(next: Dialog) {
    setSuccess(null)
    setUnlinkError(null)
    setDialog(next)
  }

  // The server refuses to remove the last way to log in; the button shows only when another remains.
  const canUnlink = providers.length > 1

  async function unlink(provider: SocialProvider) {
    if (!user) return
    setSuccess(null)
    setUnlinkError(null)
    setUnlinking(provider)
    try {
      const answer = await request<UserAnswer>('DELETE', `/api/users/${user.id}/providers/${provider}`)
      setUser(answer.user)
      setSuccess(answer.message ?? null)
    } catch (failure) {
      setUnlinkError(failure)
    } finally {
      setUnlinking(null)
    }
  }

  function disconnectButton(provider: SocialProvider, label: string) {
    if (!canUnlink) return null
    return (
      <button type="button" className="button button-secondary" disabled={unlinking !== null} onClick={() => unlink(provider)}>
        {`Disconnect ${label}`}
      </button>
    )
  }

  return (
    <>
      <h1>Accounts</h1>
      {success && <SuccessNotice>{success}</SuccessNotice>}
      {unlinkError !== null && <ErrorNotice error={unlinkError} />}
      <div className="card-grid account-cards">
        <section className="card" aria-labelledby="email-login-heading">
          <div className="card-body">
            <h2 id="email-login-heading" className="card-title">
              Email and Password
            </h2>
            {local ? (
              <>
                <p>
                  You log in with <strong>{local.username ?? user.email}</strong> and your password.
                </p>
                <div className="form-actions">
                  <button type="button" className="button button-secondary" onClick={() => open('email')}>
                    Update Email
                  </button>
                  <button type="button" className="button button-secondary" onClick={() => open('password')}>
                    Update Password
                  </button>
                </div>
              </>
            ) : (
              <>
                <p>You don’t have an email and password login yet.</p>
                <button type="button" className="button button-primary" onClick={() => open('connect')}>
                  Connect Email Account
                </button>
              </>
            )}
          </div>
        </section>
        {linked('facebook') && (
          <section className="card provider-card">
            <div className="card-body">
              <h2 className="card-title">Facebook</h2>
              <p>{FACEBOOK_CONNECTED}</p>
              {disconnectButton('facebook', 'Facebook')}
            </div>
          </section>
        )}
        {linked('google') && (
          <section className="card provider-card">
            <div className="card-body">
              <h2 className="card-title">Google</h2>
              <p>{GOOGLE_CONNECTED}</p>
              {disconnectButton('google', 'Google')}
            </div>
          </section>
        )}
        {connectable.length > 0 && (
          <section className="card" aria-labelledby="social-connect-heading">
            <div className="card-body">
              <h2 id="social-connect-heading" className="card-title">
                Social Media
              </h2>
              <p>Connect a social media account to log in with it too.</p>
              <div className="form-actions">
                {connectable.map((provider) => (
                  <a key={provider} className="button button-secondary" href={connectHref(provider)}>
                    {`Connect ${providerLabels[provider]}`}
                  </a>
                ))}
              </div>
            </div>
          </section>
        )}
      </div>
      {dialog === 'connect' && <ConnectEmailModal user={user} onDone={done} onClose={() => setDialog(null)} />}
      {dialog === 'email' && (
        <UpdateEmailModal user={user} email={local?.username ?? user.email ?? ''} onDone={done} onClose={() => setDialog(null)} />
      )}
      {dialog === 'password' && <UpdatePasswordModal user={user} onDone={done} onClose={() => setDialog(null)} />}
    </>
  )
}

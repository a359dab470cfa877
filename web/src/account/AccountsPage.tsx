import { useState } from 'react'
import { Trans, useTranslation } from '../i18n/useTranslation'
import { readPageData, type SocialProvider } from '../api/pageData'
import type { User } from '../api/types'
import { useSession } from '../session/useSession'
import { translateMessage } from '../i18n/messages'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import en from '../i18n/locales/en.json'
import { ConnectEmailModal } from './ConnectEmailModal'
import { UpdateEmailModal } from './UpdateEmailModal'
import { UpdatePasswordModal } from './UpdatePasswordModal'
import { unlinkProvider } from './api/providers'

export const FACEBOOK_CONNECTED = en.messages.facebookConnected
export const GOOGLE_CONNECTED = en.messages.googleConnected

type Dialog = 'connect' | 'email' | 'password' | null

const providerLabels: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google' }

/** The server's OAuth handshake in "connect" mode: the identity joins the signed-in account, then back here. */
const connectHref = (provider: SocialProvider) => `/authenticate/${provider}?connect=1&redirect=${encodeURIComponent('/user/security')}`

export function AccountsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('account.accounts.title'))
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
      const answer = await unlinkProvider(user, provider)
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
        {t('account.accounts.disconnect', { provider: label })}
      </button>
    )
  }

  return (
    <>
      <h1>{t('account.accounts.title')}</h1>
      {success && <SuccessNotice>{success}</SuccessNotice>}
      {unlinkError !== null && <ErrorNotice error={unlinkError} />}
      <div className="card-grid account-cards">
        <section className="card" aria-labelledby="email-login-heading">
          <div className="card-body">
            <h2 id="email-login-heading" className="card-title">
              {t('account.accounts.emailAndPassword')}
            </h2>
            {local ? (
              <>
                <p>
                  <Trans i18nKey="account.accounts.logsInWith" values={{ login: local.username ?? user.email }} components={{ strong: <strong /> }} />
                </p>
                <div className="form-actions">
                  <button type="button" className="button button-secondary" onClick={() => open('email')}>
                    {t('account.accounts.updateEmail')}
                  </button>
                  <button type="button" className="button button-secondary" onClick={() => open('password')}>
                    {t('account.accounts.updatePassword')}
                  </button>
                </div>
              </>
            ) : (
              <>
                <p>{t('account.accounts.noEmailLogin')}</p>
                <button type="button" className="button button-primary" onClick={() => open('connect')}>
                  {t('account.accounts.connectEmail')}
                </button>
              </>
            )}
          </div>
        </section>
        {linked('facebook') && (
          <section className="card provider-card">
            <div className="card-body">
              <h2 className="card-title">{providerLabels.facebook}</h2>
              <p>{translateMessage(FACEBOOK_CONNECTED)}</p>
              {disconnectButton('facebook', 'Facebook')}
            </div>
          </section>
        )}
        {linked('google') && (
          <section className="card provider-card">
            <div className="card-body">
              <h2 className="card-title">{providerLabels.google}</h2>
              <p>{translateMessage(GOOGLE_CONNECTED)}</p>
              {disconnectButton('google', 'Google')}
            </div>
          </section>
        )}
        {connectable.length > 0 && (
          <section className="card" aria-labelledby="social-connect-heading">
            <div className="card-body">
              <h2 id="social-connect-heading" className="card-title">
                {t('account.accounts.socialMedia')}
              </h2>
              <p>{t('account.accounts.socialMediaText')}</p>
              <div className="form-actions">
                {connectable.map((provider) => (
                  <a key={provider} className="button button-secondary" href={connectHref(provider)}>
                    {t('account.accounts.connect', { provider: providerLabels[provider] })}
                  </a>
                ))}
              </div>
            </div>
          </section>
        )}
      </div>
      {dialog === 'connect' && <ConnectEmailModal user={user} onDone={done} onClose={() => setDialog(null)} />}
      {dialog === 'email' && <UpdateEmailModal user={user} email={local?.username ?? user.email ?? ''} onDone={done} onClose={() => setDialog(null)} />}
      {dialog === 'password' && <UpdatePasswordModal user={user} onDone={done} onClose={() => setDialog(null)} />}
    </>
  )
}

import { useTranslation } from '../i18n/useTranslation'
import { readPageData, type SocialProvider } from '../api/pageData'
import { socialLoginHref } from './safeRedirect'

const providerOrder: SocialProvider[] = ['facebook', 'google']
const providerLabels: Record<SocialProvider, string> = { facebook: 'Facebook', google: 'Google' }

/** The providers the server has configured; both when it did not say (no page data, as on Vite's dev server). */
export function enabledSocialProviders(): SocialProvider[] {
  return readPageData().socialProviders ?? providerOrder
}

/** Browser navigations to the server's OAuth handshake (not API calls); a provider that is off has no button. */
export function SocialButtons({
  verb,
  redirect,
  providers = enabledSocialProviders(),
}: {
  verb: 'Log In' | 'Sign Up'
  redirect: string | null
  providers?: SocialProvider[]
}) {
  const { t } = useTranslation()
  const shown = providerOrder.filter((provider) => providers.includes(provider))
  if (!shown.length) return null
  return (
    <div className="social-buttons">
      {shown.map((provider) => (
        <a key={provider} className={`button button-social button-${provider}`} href={socialLoginHref(provider, redirect)}>
          {t(verb === 'Log In' ? 'auth.social.logIn' : 'auth.social.signUp', { provider: providerLabels[provider] })}
        </a>
      ))}
    </div>
  )
}

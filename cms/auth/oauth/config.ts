import { type SocialProvider, socialProviders } from '@common/userOptions'
import { publicUrl } from '../../config/env'

export type { SocialProvider }

export const providerLabels: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' }

export type ProviderSettings = {
  clientID: string
  clientSecret: string
  authorizationURL: string
  tokenURL: string
  profileURL: string
}

// The providers' own endpoints (Google's from its OpenID discovery document). Each can be
// overridden, so tests and staging can point at a local OAuth2 server.
const facebookVersion = 'v21.0'
const defaults: Record<SocialProvider, Omit<ProviderSettings, 'clientID' | 'clientSecret'>> = {
  google: {
    authorizationURL: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenURL: 'https://oauth2.googleapis.com/token',
    profileURL: 'https://openidconnect.googleapis.com/v1/userinfo',
  },
  facebook: {
    authorizationURL: `https://www.facebook.com/${facebookVersion}/dialog/oauth`,
    tokenURL: `https://graph.facebook.com/${facebookVersion}/oauth/access_token`,
    profileURL: `https://graph.facebook.com/${facebookVersion}/me`,
  },
}

const env = (name: string) => process.env[name]?.trim() || undefined

export const isSocialProvider = (value: unknown): value is SocialProvider => socialProviders.includes(value as SocialProvider)

/** A provider's settings, or null when its client id or secret is not configured (it is then off). */
export const providerSettings = (provider: SocialProvider): ProviderSettings | null => {
  const prefix = provider.toUpperCase()
  const clientID = env(`${prefix}_CLIENT_ID`)
  const clientSecret = env(`${prefix}_CLIENT_SECRET`)
  if (!clientID || !clientSecret) return null
  return {
    clientID,
    clientSecret,
    authorizationURL: env(`${prefix}_AUTHORIZATION_URL`) ?? defaults[provider].authorizationURL,
    tokenURL: env(`${prefix}_TOKEN_URL`) ?? defaults[provider].tokenURL,
    profileURL: env(`${prefix}_USERINFO_URL`) ?? defaults[provider].profileURL,
  }
}

export const enabledProviders = (): SocialProvider[] => socialProviders.filter((provider) => providerSettings(provider) !== null)

/** The redirect URI registered with the provider; built from PUBLIC_URL, never from the request's Host. */
export const callbackUrl = (provider: SocialProvider) => `${publicUrl()}/authenticate/${provider}/callback`

/**
 * Facebook sends no "email verified" flag. Its email is trusted for linking to an existing
 * account only when the operator opts in (see the README, "Social sign-in").
 */
export const facebookEmailTrusted = () => process.env.FACEBOOK_TRUST_EMAIL === 'true'

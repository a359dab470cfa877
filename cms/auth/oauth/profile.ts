import type { Profile } from 'passport'

import { facebookEmailTrusted, type SocialProvider } from './config'

/** What the sign-in needs from a provider's profile, the same shape for every provider. */
export type SocialProfile = {
  provider: SocialProvider
  subject: string
  email: string | null
  /** The provider vouches that the person controls this email. */
  emailVerified: boolean
  firstName: string | null
  lastName: string | null
}

type Claims = Record<string, unknown>

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null)
const emailText = (value: unknown): string | null => {
  const email = text(value)?.toLowerCase() ?? null
  return email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? email : null
}

/** Reads the provider's raw answer (Google's OpenID userinfo, Facebook's Graph `me`). */
export const socialProfile = (provider: SocialProvider, profile: Profile & { _json?: Claims }): SocialProfile => {
  const claims: Claims = profile._json ?? {}
  if (provider === 'google') {
    const email = emailText(claims.email ?? profile.emails?.[0]?.value)
    return {
      provider,
      subject: String(claims.sub ?? profile.id ?? ''),
      email,
      emailVerified: Boolean(email) && (claims.email_verified === true || claims.email_verified === 'true'),
      firstName: text(claims.given_name ?? profile.name?.givenName),
      lastName: text(claims.family_name ?? profile.name?.familyName),
    }
  }
  const email = emailText(claims.email ?? profile.emails?.[0]?.value)
  return {
    provider,
    subject: String(claims.id ?? profile.id ?? ''),
    email,
    emailVerified: Boolean(email) && facebookEmailTrusted(),
    firstName: text(claims.first_name ?? profile.name?.givenName),
    lastName: text(claims.last_name ?? profile.name?.familyName),
  }
}

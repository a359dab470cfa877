import type { FieldHook } from 'payload'

import type { LoginProvider } from '../../common/userOptions'

type LoginFacts = {
  email?: string | null
  username?: string | null
  hasPassword?: boolean | null
  identities?: { provider?: string | null; district?: string | null; subject?: string | null; email?: string | null }[] | null
}

/** The ways an account can log in, as the client sees them (spec section 3, `providers`). */
export const deriveProviders = (user: LoginFacts): LoginProvider[] => {
  const list: LoginProvider[] = []
  // Students log in with a username; accounts with an email log in with that (see docs/adr/users-collection.md).
  if (user.username && !user.email && user.hasPassword !== false) list.push({ provider: 'username', username: user.username })
  if (user.email && user.hasPassword !== false) list.push({ provider: 'local', username: user.email })
  for (const identity of user.identities ?? []) {
    if (identity.provider === 'google' || identity.provider === 'facebook') {
      list.push({ provider: identity.provider, username: identity.email || identity.subject || '' })
    }
    if (identity.provider === 'district' && identity.district) list.push({ provider: 'district', username: identity.district })
  }
  return list
}

export const readProviders: FieldHook = ({ data }) => deriveProviders((data ?? {}) as LoginFacts)

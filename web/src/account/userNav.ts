import type { User } from '../api/types'

export interface NavEntry {
  to: string
  /** The label's catalogue key. */
  label: string
}

const PROFILE: NavEntry = { to: '/user/profile', label: 'account.nav.profile' }
const ACCOUNTS: NavEntry = { to: '/user/security', label: 'account.nav.accounts' }
const CLASSROOMS: NavEntry = { to: '/user/classrooms', label: 'account.nav.classrooms' }
const THEME: NavEntry = { to: '/user/theme', label: 'account.nav.theme' }

/** Spec section 2: no sidebar until the profile is completed; students see Profile and Theme only. */
export function userNavEntries(user: User | null): NavEntry[] {
  if (!user?.attributes?.completed) return []
  if (user.attributes.type === 'student') return [PROFILE, THEME]
  return [PROFILE, ACCOUNTS, CLASSROOMS, THEME]
}

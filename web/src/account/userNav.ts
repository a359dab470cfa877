import type { User } from '../api/types'

export interface NavEntry {
  to: string
  label: string
}

const PROFILE: NavEntry = { to: '/user/profile', label: 'Profile' }
const ACCOUNTS: NavEntry = { to: '/user/security', label: 'Accounts' }
const CLASSROOMS: NavEntry = { to: '/user/classrooms', label: 'Classrooms' }
const THEME: NavEntry = { to: '/user/theme', label: 'Theme' }

/** Spec section 2: no sidebar until the profile is completed; students see Profile and Theme only. */
export function userNavEntries(user: User | null): NavEntry[] {
  if (!user?.attributes?.completed) return []
  if (user.attributes.type === 'student') return [PROFILE, THEME]
  return [PROFILE, ACCOUNTS, CLASSROOMS, THEME]
}

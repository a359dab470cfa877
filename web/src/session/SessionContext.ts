import { createContext } from 'react'
import type { User } from '../api/types'
import type { Preferences } from './preferences'

export interface SessionValue {
  /** False only while the dev server (no injected page data) asks who is logged in. */
  ready: boolean
  user: User | null
  setUser: (user: User | null) => void
  logout: () => Promise<void>
  preferences: Preferences
  /** Anonymous: saved in this browser. Signed in: saved to the account. */
  updatePreferences: (changes: Partial<Preferences>) => Promise<void>
}

export const SessionContext = createContext<SessionValue | null>(null)

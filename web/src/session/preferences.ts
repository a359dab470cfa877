import { isLocale, type Locale } from '../../../common/locales'
import { THEMES, type Mode, type Theme, type User } from '../api/types'

export interface Preferences {
  mode: Mode
  size: boolean
  theme: Theme
  /** Absent (or null) until chosen: the interface then follows the browser's language. */
  language?: Locale | null
}

/** Spec section 3: day on logout and by default, size off, theme civics. */
export const DEFAULT_PREFERENCES: Preferences = { mode: 'day', size: false, theme: 'civics' }

const STORAGE_KEY = 'civics360.preferences'

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value)
}

export function normalizePreferences(value: Partial<Record<keyof Preferences, unknown>> | null | undefined): Preferences {
  return {
    mode: value?.mode === 'night' ? 'night' : 'day',
    size: value?.size === true,
    theme: isTheme(value?.theme) ? value.theme : DEFAULT_PREFERENCES.theme,
    ...(isLocale(value?.language) ? { language: value.language } : {}),
  }
}

export function preferencesOf(user: User): Preferences {
  return normalizePreferences(user)
}

export function loadStoredPreferences(storage: Storage = localStorage): Preferences {
  try {
    const raw = storage.getItem(STORAGE_KEY)
    return normalizePreferences(raw ? JSON.parse(raw) : null)
  } catch {
    return DEFAULT_PREFERENCES
  }
}

export function storePreferences(preferences: Preferences, storage: Storage = localStorage): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(preferences))
  } catch {
    // Private browsing can refuse storage; the preferences still apply for this visit.
  }
}

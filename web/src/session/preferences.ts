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
const SESSION_LANGUAGE_KEY = 'civics360.sessionLanguage'

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

/**
 * A language chosen while signed out goes with the sign-in that follows (a student picks Español on
 * the login page of a shared laptop). An account with no language takes it as its own; an account
 * that has another keeps it, and the choice holds in this browser until logout: kept here with the
 * account's id, so a reload or a new tab keeps it and another account never gets it.
 */
export function loadSessionLanguage(user: Pick<User, 'id'>, storage: Storage = localStorage): Locale | null {
  try {
    const raw = JSON.parse(storage.getItem(SESSION_LANGUAGE_KEY) ?? 'null') as { user?: unknown; language?: unknown } | null
    return raw && String(raw.user) === String(user.id) && isLocale(raw.language) ? raw.language : null
  } catch {
    return null
  }
}

/** Keeps (or, with null, forgets) the language a sign-in carried over an account's own. */
export function storeSessionLanguage(kept: { user: User['id']; language: Locale } | null, storage: Storage = localStorage): void {
  try {
    if (kept) storage.setItem(SESSION_LANGUAGE_KEY, JSON.stringify(kept))
    else storage.removeItem(SESSION_LANGUAGE_KEY)
  } catch {
    // Refused storage: the language holds until the page is reloaded.
  }
}

/** A signed-in user's preferences: the account's, in the language carried into this session if there is one. */
export function sessionPreferences(user: User, sessionLanguage: Locale | null): Preferences {
  const preferences = preferencesOf(user)
  return sessionLanguage ? { ...preferences, language: sessionLanguage } : preferences
}

/** The preferences kept in this browser, without a language (once a sign-in has carried it). */
export function withoutLanguage({ mode, size, theme }: Preferences): Preferences {
  return { mode, size, theme }
}

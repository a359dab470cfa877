import { useSyncExternalStore } from 'react'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../common/locales'

// The language the console edits content in: its own choice, apart from the interface's,
// so an editor can read the console in English and write the Spanish title. Kept for the tab's session.
const STORAGE_KEY = 'civics360.console.locale'
const listeners = new Set<() => void>()

function read(): Locale {
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY)
    return isLocale(stored) ? stored : DEFAULT_LOCALE
  } catch {
    return DEFAULT_LOCALE
  }
}

let current: Locale = read()

export function setEditingLocale(locale: Locale): void {
  current = locale
  try {
    sessionStorage.setItem(STORAGE_KEY, locale)
  } catch {
    // Storage refused (private browsing): the choice lasts until the page reloads.
  }
  for (const listener of listeners) listener()
}

export const editingLocale = (): Locale => current

export function useEditingLocale(): Locale {
  return useSyncExternalStore((listener) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }, editingLocale)
}

/**
 * A related document's title in the language being edited, which is read without fallback: one
 * not translated yet has none, so its link names it by number (a link needs a name).
 */
export const untranslatedTitle = (doc: { id: string | number; title?: string | null }): string => doc.title || `#${doc.id}`

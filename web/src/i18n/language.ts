import { DEFAULT_LOCALE, matchLocale, type Locale } from '../../../common/locales'
import type { Preferences } from '../session/preferences'
import { changeLanguage, currentLanguage } from './i18n'

/** The first of the browser's languages that the product speaks, else English. */
export function browserLanguage(nav: Pick<Navigator, 'languages' | 'language'> = navigator): Locale {
  return matchLocale(nav.languages?.length ? nav.languages : [nav.language]) ?? DEFAULT_LOCALE
}

/** The person's choice, else the browser's guess. */
export const languageOf = (preferences: Pick<Preferences, 'language'>): Locale => preferences.language ?? browserLanguage()

/**
 * Loads the language's catalogue, then switches the interface and the page's `lang` together, so
 * screen readers and hyphenation never read one language's words as another's.
 */
export async function applyLanguage(language: Locale, root: HTMLElement = document.documentElement): Promise<void> {
  await changeLanguage(language)
  root.lang = currentLanguage()
}

import { setupI18n, type Messages } from '@lingui/core'
import { DEFAULT_LOCALE, type Locale } from '../../../common/locales'
import en from './locales/en.json?compiled'

/**
 * The interface catalogues, through Lingui. The catalogues are ICU messages, compiled
 * when they are bundled (web/compiledCatalogues.ts). English is the default. Its words for the
 * public pages (shell, content, messages) are in the main bundle (`en.json`); those of the screens
 * behind a click (`en.screens.json`: console, classrooms, account, profile, sign-in…) are their own
 * chunk, which every lazy screen waits for (`withScreensEnglish`, shell/App.tsx), so the entry
 * does not grow with them. Spanish and Haitian Creole are their own chunks, whole, fetched the
 * first time someone picks them.
 */
export const i18n = setupI18n({
  locale: DEFAULT_LOCALE,
  messages: { [DEFAULT_LOCALE]: en }, // the screens' English joins it (loadScreensEnglish)
  // A key with no message shows as itself (so a test that looks for the words fails), and Lingui
  // does not take it for an uncompiled message (a console warning on every render).
  missing: (_locale, key) => key,
})

/** The languages fetched when picked (English, the default, is bundled). */
type FetchedLocale = Exclude<Locale, 'en'>
const otherLanguages: Record<FetchedLocale, () => Promise<{ default: Messages }>> = {
  es: () => import('./locales/es.json?compiled'),
  ht: () => import('./locales/ht.json?compiled'),
}
/** Each language's catalogue: fetched once, and true once it is there. */
const loaded = new Map<Locale, Promise<boolean>>([[DEFAULT_LOCALE, Promise.resolve(true)]])

function loadCatalogue(language: FetchedLocale): Promise<boolean> {
  const catalogue = otherLanguages[language]().then(
    (module) => {
      i18n.load(language, module.default)
      return true
    },
    () => {
      loaded.delete(language) // fetched again at the next pick
      return false
    },
  )
  loaded.set(language, catalogue)
  return catalogue
}

/**
 * Fetches the language's catalogue (once), then shows the interface in it. If the catalogue
 * cannot be fetched (offline), the interface stays in the language it was in.
 */
export async function changeLanguage(language: Locale): Promise<void> {
  if (await (loaded.get(language) ?? loadCatalogue(language as FetchedLocale))) i18n.activate(language)
}

let screensEnglish: Promise<void> | undefined
/** Adds the English of the lazily loaded screens (once); a screen's chunk resolves only after it. */
export const loadScreensEnglish = (): Promise<void> =>
  (screensEnglish ??= import('./locales/en.screens.json?compiled').then((module) => i18n.load(DEFAULT_LOCALE, module.default)))

/** A lazy screen's chunk, resolved once the screens' English is there too (shell/App.tsx, Layout). */
export const withScreensEnglish = <M>(chunk: Promise<M>): Promise<M> => Promise.all([chunk, loadScreensEnglish()]).then(([module]) => module)

/** The language of the interface now (the API's `?locale=` and the page's `lang` follow it). */
export const currentLanguage = (): Locale => i18n.locale as Locale

import i18next, { type BackendModule, type ResourceLanguage } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../common/locales'
import en from './locales/en.json'

/**
 * The interface catalogues (issue 14). English is the default and every missing key's fallback.
 * Its words for the public pages (shell, content, messages) are in the main
 * bundle (`en.json`); those of the screens behind a click (`en.screens.json`: console, classrooms,
 * account, profile, sign-in…) are their own chunk, which every lazy screen waits for (`loadScreensEnglish`,
 * shell/App.tsx), so the entry does not grow with them. Spanish and Haitian Creole are their own
 * chunks, whole, fetched the first time someone picks them.
 */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, done) => {
    const load = language === 'es' ? import('./locales/es.json') : language === 'ht' ? import('./locales/ht.json') : null
    if (!load) return done(null, {})
    load.then(
      (module) => done(null, module.default as ResourceLanguage),
      (error: Error) => done(error, null),
    )
  },
}

export const i18n = i18next.createInstance()

let screensEnglish: Promise<void> | undefined
/** Adds the English of the lazily loaded screens (once); a screen's chunk resolves only after it. */
export const loadScreensEnglish = (): Promise<void> =>
  (screensEnglish ??= import('./locales/en.screens.json').then((module) => {
    i18n.addResourceBundle(DEFAULT_LOCALE, 'translation', module.default, true, false)
  }))

/** A lazy screen's chunk, resolved once the screens' English is there too (shell/App.tsx, Layout). */
export const withScreensEnglish = <M>(chunk: Promise<M>): Promise<M> => Promise.all([chunk, loadScreensEnglish()]).then(([module]) => module)

void i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    // A copy: i18next keeps the object and adds the screens' sections to it (loadScreensEnglish).
    resources: { en: { translation: { ...en } } },
    // English is bundled (the screens' part joins it through loadScreensEnglish); the backend fetches only the others.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes.
    react: { useSuspense: false },
    initAsync: false,
  })

/** The language of the interface now (the API's `?locale=` and the page's `lang` follow it). */
export const currentLanguage = (): Locale => (i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LOCALE) as Locale

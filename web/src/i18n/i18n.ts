import i18next, { type BackendModule, type ResourceLanguage } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../common/locales'
import en from './locales/en.json'

/**
 * The interface catalogues (issue 14). English is the default and every missing key's fallback, so
 * it is in the main bundle; Spanish and Haitian Creole are their own chunks, fetched the first
 * time someone picks them.
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

void i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    resources: { en: { translation: en } },
    // English is bundled; the backend fetches only the others.
    partialBundledLanguages: true,
    interpolation: { escapeValue: false }, // React escapes.
    react: { useSuspense: false },
    initAsync: false,
  })

/** The language of the interface now (the API's `?locale=` and the page's `lang` follow it). */
export const currentLanguage = (): Locale => (i18n.resolvedLanguage ?? i18n.language ?? DEFAULT_LOCALE) as Locale

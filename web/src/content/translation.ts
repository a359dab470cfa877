import { useTranslation } from '../i18n/useTranslation'
import { DEFAULT_LOCALE, type Locale } from '../../../common/locales'
import type { Translatable } from '../api/types'

/** The language a document is shown in: the reader's when it has that translation, else English (Payload's fallback). */
export function shownLanguage(doc: Translatable, language: Locale): Locale {
  return language === DEFAULT_LOCALE || doc.translatedLocales?.includes(language) ? language : DEFAULT_LOCALE
}

/** The interface's language, re-rendering when it changes. */
export function useLanguage(): Locale {
  return useTranslation().language
}

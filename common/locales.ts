/**
 * The product's languages: the interface catalogues in web/src/i18n/locales and
 * Payload's content locales both come from this list. English is the default and the fallback.
 */
export const LOCALES = ['en', 'es', 'ht'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'en'

/** Each language's name in itself, as a speaker looks for it in a switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español', ht: 'Kreyòl ayisyen' }

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** The first supported language in an ordered list of BCP 47 tags (navigator.languages, Accept-Language). */
export const matchLocale = (tags: readonly string[]): Locale | null => {
  for (const tag of tags) {
    const base = tag.trim().toLowerCase().split(/[-_;]/)[0]
    if (isLocale(base)) return base
  }
  return null
}

/**
 * An API address in a language: Payload takes the content language as `?locale=` (its fallback
 * fills missing translations with English). English is Payload's default, so English addresses
 * stay as they were, and an address that already names a language keeps it.
 */
export function localizedPath(path: string, locale: string): string {
  if (locale === DEFAULT_LOCALE || !path.startsWith('/api/') || /[?&]locale=/.test(path)) return path
  return `${path}${path.includes('?') ? '&' : '?'}locale=${encodeURIComponent(locale)}`
}

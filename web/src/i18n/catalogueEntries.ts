import type { Messages } from '@lingui/core'

/** A catalogue as written in web/src/i18n/locales: sections of messages, nested. */
export type NestedCatalogue = { [key: string]: string | NestedCatalogue }

/** Every message of a catalogue under its dotted key: [['shell.nav.topics', 'Topics'], …]. */
export function catalogueEntries(catalogue: NestedCatalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : catalogueEntries(value, `${prefix}${key}.`),
  )
}

/**
 * The catalogue as Lingui reads it: flat, every message compiled. A plain message compiles to its
 * own text, so it is taken from the JSON (which the page has anyway: the forms read the English
 * text); only the messages that change when compiled (placeholders, plurals, quoted braces) come
 * compiled from the build (web/compiledCatalogues.ts).
 */
export function linguiCatalogue(catalogue: NestedCatalogue, compiled: Messages): Messages {
  return Object.fromEntries(catalogueEntries(catalogue).map(([key, text]) => [key, compiled[key] ?? [text]]))
}

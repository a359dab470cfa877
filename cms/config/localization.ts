import {
  type CollectionBeforeChangeHook,
  type Field,
  type LocalizationConfig,
  type RichTextField,
  type RichTextFieldValidation,
  type TextFieldSingleValidation,
  validations,
} from 'payload'

import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, isLocale } from '@common/locales'

/** Content locales: a field marked `localized` keeps one value per language; missing ones fall back to English. */
export const localization: LocalizationConfig = {
  locales: LOCALES.map((code) => ({ code, label: LOCALE_NAMES[code] })),
  defaultLocale: DEFAULT_LOCALE,
  fallback: true,
}

/**
 * Which languages other than English a document has its own title in. Payload's fallback fills a
 * missing translation with English silently, so the SPA reads this to say "shown in English".
 */
export const translatedLocalesField: Field = {
  name: 'translatedLocales',
  type: 'json',
  admin: { readOnly: true, description: 'Languages with their own title (set on save).' },
}

const titleOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '')

/** Every write of a translation passes here: a title saved in a language marks the document translated into it. */
export const recordTranslatedLocale: CollectionBeforeChangeHook = ({ data, originalDoc, req }) => {
  const locale = req.locale
  if (!isLocale(locale) || locale === DEFAULT_LOCALE) return data
  const previous: unknown = originalDoc?.translatedLocales
  const locales = new Set((Array.isArray(previous) ? previous : []).filter(isLocale))
  // Payload reads the original document without fallback while updating, so its title is this language's own.
  if (titleOf(data.title !== undefined ? data.title : originalDoc?.title)) locales.add(locale)
  else locales.delete(locale)
  data.translatedLocales = [...locales].sort()
  return data
}

/**
 * A localized field that English must have and a translation may leave empty (it then shows the
 * English). Payload's own `required` would demand it in every language, and make the column of
 * every language's row NOT NULL, so a translator could not save a title alone.
 */
type EnglishRequired = { name: string; type: 'text'; maxLength: number } | { name: string; type: 'richText'; editor: RichTextField['editor']; label: string }

const inEnglish = (req: { locale?: string | null }) => !req.locale || req.locale === DEFAULT_LOCALE

const textInEnglish: TextFieldSingleValidation = (value, options) => validations.text(value, { ...options, required: inEnglish(options.req) })
const richTextInEnglish: RichTextFieldValidation = (value, options) => validations.richText(value, { ...options, required: inEnglish(options.req) })

export const requiredInEnglish = (field: EnglishRequired): Field =>
  field.type === 'richText' ? { ...field, localized: true, validate: richTextInEnglish } : { ...field, localized: true, validate: textInEnglish }

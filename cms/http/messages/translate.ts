import { DEFAULT_LOCALE, matchLocale, type Locale } from '@common/locales'
import es from './es.json'
import ht from './ht.json'

/**
 * Server messages people read, in their language. The server writes its messages in
 * English (the spec's words); these catalogues map each English message to its translation, and
 * every JSON answer of the API passes through `translateAnswer` on its way out (cms/http/payloadHandler.ts),
 * so the rule is in one place. A message without a translation stays English.
 */
const catalogues: Record<Locale, Record<string, string>> = { en: {}, es, ht }

/**
 * The reader's language from Accept-Language. The SPA sends its interface language there (the
 * account's choice when signed in, else the browser's), so API clients get the same rule.
 */
export function requestLanguage(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE
  const tags = acceptLanguage
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';')
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1 }
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q)
    .map(({ tag }) => tag)
  return matchLocale(tags) ?? DEFAULT_LOCALE
}

export const translateMessage = (message: string, language: Locale): string => catalogues[language][message] ?? message

type Answer = { message?: unknown; errors?: { message?: unknown; data?: { errors?: { message?: unknown }[] } }[] }

/** Translates the messages of an API answer (`message`, `errors[].message`, `errors[].data.errors[].message`) in place. */
export function translateAnswer(body: unknown, language: Locale): unknown {
  if (language === DEFAULT_LOCALE || typeof body !== 'object' || body === null) return body
  const answer = body as Answer
  if (typeof answer.message === 'string') answer.message = translateMessage(answer.message, language)
  for (const error of Array.isArray(answer.errors) ? answer.errors : []) {
    if (typeof error?.message === 'string') error.message = translateMessage(error.message, language)
    for (const field of Array.isArray(error?.data?.errors) ? error.data.errors : []) {
      if (typeof field?.message === 'string') field.message = translateMessage(field.message, language)
    }
  }
  return body
}

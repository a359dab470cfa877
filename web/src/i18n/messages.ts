import en from './locales/en.json'
import { i18n } from './i18n'

/**
 * The product's messages (validation, notices) are English constants the forms and tests share,
 * read from `messages` in en.json. The components that show them (Field, the notices) pass them
 * through here, so a yup schema or a notice keeps its English value and the reader sees their own
 * language. Anything else (a server's message, already translated there) is shown as it came.
 */
const keyOfEnglish = new Map(Object.entries(en.messages).map(([key, text]) => [text, `messages.${key}`]))

export function translateMessage(message: string): string {
  const key = keyOfEnglish.get(message)
  return key ? i18n.t(key) : message
}

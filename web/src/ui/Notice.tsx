import type { ReactNode } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import en from '../i18n/locales/en.json'
import { translateMessage } from '../i18n/messages'

export const GENERAL_ERROR = en.messages.generalError

/** Spec section 8: server message, then the error's own message, then 'An error occurred.'. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return GENERAL_ERROR
}

/** A notice's text in the reader's language when it is one of the product's messages. */
function useMessage(children: ReactNode): ReactNode {
  useTranslation() // renders again when the language changes
  return typeof children === 'string' ? translateMessage(children) : children
}

export function SuccessNotice({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="notice notice-success">
      {useMessage(children)}
    </div>
  )
}

export function ErrorNotice({ error, children }: { error?: unknown; children?: ReactNode }) {
  return (
    <div role="alert" className="notice notice-error">
      {useMessage(children ?? errorText(error))}
    </div>
  )
}

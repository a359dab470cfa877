import type { ReactNode } from 'react'

export const GENERAL_ERROR = 'An error occurred.'

/** Spec section 8: server message, then the error's own message, then 'An error occurred.'. */
export function errorText(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  return GENERAL_ERROR
}

export function SuccessNotice({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="notice notice-success">
      {children}
    </div>
  )
}

export function ErrorNotice({ error, children }: { error?: unknown; children?: ReactNode }) {
  return (
    <div role="alert" className="notice notice-error">
      {children ?? errorText(error)}
    </div>
  )
}

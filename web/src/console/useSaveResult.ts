import { useState } from 'react'
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { useLocation } from 'react-router-dom'
import { ApiError } from '../api/client'

/**
 * The success or failure of the last save. A create screen redirects to the edit screen with its
 * notice in the history state, so the notice survives the redirect.
 */
export function useSaveResult() {
  const location = useLocation()
  const initial = (location.state as { notice?: string } | null)?.notice ?? null
  const [notice, setNotice] = useState<string | null>(initial)
  const [error, setError] = useState<unknown>(null)
  return {
    notice,
    error,
    start() {
      setNotice(null)
      setError(null)
    },
    succeed: (message: string) => setNotice(message),
    fail: (failure: unknown) => setError(failure),
  }
}

/** Puts the server's per-field messages (400 `data.errors`) on the form's fields. */
export function applyFieldErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: readonly string[]): void {
  if (!(error instanceof ApiError)) return
  for (const { path, message } of error.fieldErrors) {
    const name = path === 'body' ? 'markdown' : path.replace(/^content\./, '')
    if (fields.includes(name)) form.setError(name as Path<T>, { type: 'server', message })
  }
}

import { ApiError } from '../api/client'
import { ErrorNotice, GENERAL_ERROR } from '../ui/Notice'

/** The console's error text: the server's message, else 'An error occurred.' (spec section 8). */
export function consoleErrorText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? GENERAL_ERROR
  if (error instanceof Error && !(error instanceof TypeError) && error.message) return error.message
  return GENERAL_ERROR
}

export function ConsoleError({ error }: { error: unknown }) {
  return <ErrorNotice>{consoleErrorText(error)}</ErrorNotice>
}

import { useState } from 'react'
import { api } from '../../api/client'
import type { User, UserAnswer } from '../../api/types'

/** The account's email-and-password login (docs/api.md, `/api/users/:id/providers`). */
const providersPath = (user: User) => `/api/users/${user.id}/providers`

/** A social-only account gains an email and password. */
export const addLocalLogin = (user: User, login: { username: string; password: string }) =>
  api.post<UserAnswer>(providersPath(user), { provider: 'local', ...login })

/** A new email or password, confirmed with the current password. */
export const updateLocalLogin = (user: User, change: { username?: string; password?: string; currentPassword: string }) =>
  api.put<UserAnswer>(providersPath(user), { provider: 'local', ...change })

/** A Google or Facebook login is disconnected (the server keeps at least one way to log in). */
export const unlinkProvider = (user: User, provider: string) => api.delete<UserAnswer>(`/api/users/${user.id}/providers/${encodeURIComponent(provider)}`)

/** What the accounts page hands a login modal: the account, what to do after a save, and how to close. */
export interface LoginModalProps {
  user: User
  onDone: (user: User, message: string) => void
  onClose: () => void
}

/**
 * A modal's save: clears the last error, makes the call, and hands the updated user on with the
 * modal's message; a failure stays in `error` for the modal to show.
 */
export function useLoginChange(onDone: LoginModalProps['onDone'], message: string) {
  const [error, setError] = useState<unknown>(null)
  async function save(call: () => Promise<UserAnswer>) {
    setError(null)
    try {
      const answer = await call()
      onDone(answer.user, message)
    } catch (failure) {
      setError(failure)
    }
  }
  return { error, save }
}

import { api } from '../api/client'
import type { User } from '../api/types'

// The calls of email confirmation (docs/api.md, "Email confirmation").
export type ConfirmAnswer = { message: string; user?: User }

export const confirmEmail = (token: string) => api.post<ConfirmAnswer>('/api/email/confirm', { token })
export const resendConfirmation = () => api.post<{ message: string }>('/api/email/confirm/resend', {})

/** An account whose email still waits for its owner to open the confirmation link. */
export const needsEmailConfirmation = (user: User | null | undefined) => Boolean(user?.email) && user?.emailVerified === false

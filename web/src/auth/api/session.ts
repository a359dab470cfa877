import { api, ApiError } from '../../api/client'
import { keys } from '../../api/keys'
import type { SessionAnswer, User, UsernameAnswer } from '../../api/types'
import en from '../../i18n/locales/en.json'

// The calls that open a session or lead to one (docs/api.md, "Authentication" and "Sign-up").
// None of them changes data the SPA has cached: the caller hands the new user to the session.

export const logIn = (username: string, password: string) => api.post<SessionAnswer>('/api/login', { username, password })

/** An educator signs up with an email and a password. */
export const signUpEducator = (email: string, password: string) =>
  api.post<SessionAnswer>('/api/signup', { providers: [{ provider: 'local', username: email, password }] })

/** A student signs up with a generated username, a password and their classroom's code. */
export const signUpStudent = (values: { username: string; password: string; classroom: string }) =>
  api.post<SessionAnswer>('/api/signup', {
    providers: [{ provider: 'username', username: values.username, password: values.password }],
    attributes: { type: 'student', classroom: values.classroom.trim() },
  })

/** A fresh username for a student signing up (never revalidated behind their back, so not SWR). */
export const generateUsername = () => api.get<UsernameAnswer>(keys.generatedUsername())

/**
 * The words of a classroom code that names no classroom, when the server gave none. Here rather
 * than beside the sign-up schemas, which import yup: /login imports this module, and yup is a
 * library a class's login page has no use for.
 */
export const CLASSROOM_NOT_FOUND = en.messages.classroomNotFound

export interface ClassroomLookup {
  name: string
  code: string
}

/** The classroom a code names; an unknown code fails with the server's message, else CLASSROOM_NOT_FOUND. */
export async function lookUpClassroom(code: string): Promise<ClassroomLookup> {
  try {
    return await api.get<ClassroomLookup>(`/api/classrooms/code/${encodeURIComponent(code.trim())}`)
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Error(error.serverMessage ?? CLASSROOM_NOT_FOUND, { cause: error })
    throw error
  }
}

export const requestPasswordReset = (email: string) => api.post<{ message?: string }>('/api/password/request', { username: email })

export const resetPassword = (token: string, password: string) => api.post<SessionAnswer>('/api/password/reset', { token, password })

// Email confirmation (docs/api.md, "Email confirmation").
export type ConfirmAnswer = { message: string; user?: User }

export const confirmEmail = (token: string) => api.post<ConfirmAnswer>('/api/email/confirm', { token })
export const resendConfirmation = () => api.post<{ message: string }>('/api/email/confirm/resend', {})

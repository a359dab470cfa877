/**
 * An account as its owner sees it (GET /api/users/me, and the `user` of the login, signup, password
 * and profile answers): never sessions, hashes, lock counters or raw identities. Written once here:
 * the server builds it (collections/Users/endpoints/userResponse.ts) and the SPA reads it.
 */
import type { Locale } from '../locales'
import type { Scope } from '../scopes'
import type { AccountType, LoginProvider, gradeOptions, modes, subjectOptions, themes } from '../userOptions'

/** A school as an account shows it. */
export type SchoolShown = { id: number; name: string; district: string; state?: string | null; country?: string | null }

/** A student's classroom as their account shows it. */
export type ClassroomShown = { id: number; name: string; code: string }

export type AccountAttributes = {
  type?: AccountType | null
  firstName?: string | null
  lastName?: string | null
  position?: string | null
  district?: string | null
  state?: string | null
  country?: string | null
  /** The school, or its id where it could not be read. */
  school: SchoolShown | number | null
  certification?: string | null
  grades?: (typeof gradeOptions)[number][] | null
  subjects?: (typeof subjectOptions)[number][] | null
  /** The classroom, or its id where it could not be read. */
  classroom: ClassroomShown | number | null
  completed?: boolean | null
}

export type PublicUser = {
  id: number
  email: string | null
  username: string | null
  scopes: Scope[]
  attributes: AccountAttributes
  meta: { oauthFirstName?: string | null; oauthLastName?: string | null; oauthEmail?: string | null }
  providers: LoginProvider[]
  /** False for an account made by social sign-in until it adds a password. */
  hasPassword: boolean
  /** False until the owner opens the confirmation link sent to `email`. */
  emailVerified: boolean
  mode: (typeof modes)[number]
  size?: boolean | null
  theme: (typeof themes)[number]
  language: Locale | null
  createdAt: string
  updatedAt: string
}

/** GET /api/users/username: a free username for a student signing up. */
export type UsernameAnswer = { username: string }

/** The answer of an account change (profile, theme, linked logins). */
export type UserAnswer = { message: string; user: PublicUser }

/** The answer of login, signup and password reset: the account with its session token. */
export type SessionAnswer = { message: string; user: PublicUser & { token: string }; token: string; exp?: number }

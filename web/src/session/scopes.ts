import { STAFF_SCOPES, type User } from '../api/types'

export function hasScope(user: User | null, scope: string): boolean {
  return Boolean(user?.scopes?.includes(scope))
}

/** Spec section 2: any of the eight content scopes opens the console. */
export function canUseConsole(user: User | null): boolean {
  return STAFF_SCOPES.some((scope) => hasScope(user, scope))
}

export function isStudent(user: User | null): boolean {
  return user?.attributes?.type === 'student'
}

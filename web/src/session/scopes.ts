import type { Scope } from '../../../common/scopes'
import { STAFF_SCOPES, type User } from '../api/types'

export function hasScope(user: User | null, scope: Scope): boolean {
  return Boolean(user?.scopes?.includes(scope))
}

/** Spec section 2: any of the eight content scopes opens the console. */
export function canUseConsole(user: User | null): boolean {
  return STAFF_SCOPES.some((scope) => hasScope(user, scope))
}

export function isStudent(user: User | null): boolean {
  return user?.attributes?.type === 'student'
}

/**
 * An educator who runs classes: every educator type but a parent (whose child joins a teacher's
 * class) and an independent learner. Their Classrooms is in the header, one click from any page;
 * the Settings sidebar still lists it for every non-student (spec section 2).
 */
export function teachesClasses(user: User | null): boolean {
  const type = user?.attributes?.type
  return Boolean(type) && type !== 'student' && type !== 'parent' && type !== 'independent'
}

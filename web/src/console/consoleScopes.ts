import { collectionScopes, coverageScopes, scopesOf, type Scope, type ScopedAction, type StaffCollection } from '../../../common/scopes'
import type { User } from '../api/types'
import { hasScope } from '../session/scopes'

/** The console's sections, each gated by the scopes the server enforces for its collection; the audit log is read-only for everyone. */
export type Collection = StaffCollection | 'audit-log'

export interface Section {
  collection: Collection
  /** The section's name: a catalogue key. */
  label: string
  path: string
  /** Holding any one of these shows the section. */
  scopes: readonly Scope[]
}

const section = (collection: StaffCollection): Section => ({
  collection,
  label: `console.sections.${collection}`,
  path: `/console/${collection}`,
  scopes: scopesOf(collection),
})

export const SECTIONS: readonly Section[] = [
  section('topics'),
  section('modules'),
  section('activities'),
  // Coverage of the benchmarks: for whoever tags modules or activities, as the server's rule.
  { ...section('benchmarks'), scopes: coverageScopes },
  section('pages'),
  section('posts'),
  section('users'),
  section('tickets'),
  // The import screen uploads and applies rosters: only for whoever may change accounts.
  { ...section('roster-imports'), scopes: ['users:write'] },
  { collection: 'audit-log', label: 'console.sections.auditLog', path: '/console/audit-log', scopes: ['users:read'] },
]

export function sectionOf(collection: Collection): Section {
  return SECTIONS.find((section) => section.collection === collection) as Section
}

export function canSee(user: User | null, collection: Collection): boolean {
  return sectionOf(collection).scopes.some((scope) => hasScope(user, scope))
}

export function allowedSections(user: User | null): Section[] {
  return SECTIONS.filter((section) => canSee(user, section.collection))
}

/** Whether the server lets this user do an action on a collection (the scope it checks). */
export function can(user: User | null, collection: Collection, action: ScopedAction): boolean {
  return collection !== 'audit-log' && hasScope(user, collectionScopes[collection][action])
}

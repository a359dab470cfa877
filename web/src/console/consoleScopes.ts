import type { User } from '../api/types'
import { hasScope } from '../session/scopes'

/** The console's sections, each gated by the scopes the server enforces for its collection. */
export type Collection = 'topics' | 'modules' | 'activities' | 'pages' | 'posts' | 'users' | 'tickets'

export interface Section {
  collection: Collection
  /** The section's name: a catalogue key. */
  label: string
  path: string
  /** Holding any one of these shows the section. */
  scopes: readonly string[]
}

export const SECTIONS: readonly Section[] = [
  { collection: 'topics', label: 'console.sections.topics', path: '/console/topics', scopes: ['topics:write', 'topics:delete'] },
  { collection: 'modules', label: 'console.sections.modules', path: '/console/modules', scopes: ['modules:write', 'modules:delete'] },
  { collection: 'activities', label: 'console.sections.activities', path: '/console/activities', scopes: ['activities:write', 'activities:delete'] },
  { collection: 'pages', label: 'console.sections.pages', path: '/console/pages', scopes: ['pages:write', 'pages:delete'] },
  // Posts are editorial content like pages: the server gates them with the pages scopes.
  { collection: 'posts', label: 'console.sections.posts', path: '/console/posts', scopes: ['pages:write', 'pages:delete'] },
  { collection: 'users', label: 'console.sections.users', path: '/console/users', scopes: ['users:read', 'users:write'] },
  { collection: 'tickets', label: 'console.sections.tickets', path: '/console/tickets', scopes: ['tickets:read', 'tickets:write'] },
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

type Action = 'write' | 'delete'

/** The scope the server checks for an action on a collection. */
function scopeFor(collection: Collection, action: Action): string {
  if (collection === 'posts') return `pages:${action}`
  if (collection === 'users' || collection === 'tickets') return `${collection}:write`
  return `${collection}:${action}`
}

export function can(user: User | null, collection: Collection, action: Action): boolean {
  return hasScope(user, scopeFor(collection, action))
}

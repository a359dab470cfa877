import type { Access, FieldAccess, Where } from 'payload'

import { idOf } from '../common/ids'
import { scopesOf, userHasAnyScope } from '../common/scopes'

/** users:read, and users:write (which implies reading the accounts one changes, as for users). */
const readsUsers = (user: unknown) => userHasAnyScope(user as { scopes?: string[] }, scopesOf('users'))

/**
 * Attempts: the student's own, those of the students in a classroom the user owns (the teacher),
 * or all of them for a holder of users:read (or users:write). A query constraint, so Payload applies it to every
 * read: lists, `where` queries, findByID, counts and joins.
 */
export const attemptReaders: Access = ({ req }) => {
  if (!req.user) return false
  if (readsUsers(req.user)) return true
  const own: Where = { student: { equals: req.user.id } }
  const taught: Where = { 'classroom.owner': { equals: req.user.id } }
  return { or: [own, taught] }
}

/** Fields only the student themself (and users:read) may read, e.g. resume data. */
export const ownAttemptOrUserReaders: FieldAccess = ({ req, doc }) =>
  Boolean(req.user) && (readsUsers(req.user) || String(idOf(doc?.student)) === String(req.user?.id))

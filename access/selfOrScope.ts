import type { Access } from 'payload'

import { type Scope, userHasScope } from '../common/scopes'

/** The user themself (as a query constraint), or a holder of the scope (everything). */
export const selfOrScope =
  (scope: Scope): Access =>
  ({ req }) => {
    if (!req.user) return false
    if (userHasScope(req.user, scope)) return true
    return { id: { equals: req.user.id } }
  }

import type { Access } from 'payload'

import { type Scope, userHasScope } from '../common/scopes'

/** Documents whose `field` points at the requesting user, or everything for a holder of the scope. */
export const ownerOrScope =
  (field: string, scope?: Scope): Access =>
  ({ req }) => {
    if (!req.user) return false
    if (scope && userHasScope(req.user, scope)) return true
    return { [field]: { equals: req.user.id } }
  }

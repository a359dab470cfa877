import type { Access } from 'payload'

import { type Scope, userHasAnyScope, userHasScope } from '../common/scopes'

export const hasScope =
  (scope: Scope): Access =>
  ({ req }) =>
    userHasScope(req.user, scope)

/** Any one of the given scopes. */
export const hasAnyScope =
  (...scopes: Scope[]): Access =>
  ({ req }) =>
    userHasAnyScope(req.user, scopes)

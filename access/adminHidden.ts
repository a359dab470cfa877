import type { Scope } from '../common/scopes'
import { userHasAnyScope } from '../common/scopes'

/**
 * Payload admin: a collection shows in the panel only for staff holding one of these scopes, so an
 * editor with only pages:write sees Pages (and Posts, Media), not Topics or Users. The API's access
 * rules are unchanged; this only tidies the panel.
 */
export const hiddenUnless =
  (...scopes: Scope[]) =>
  ({ user }: { user: unknown }) =>
    !userHasAnyScope(user as { scopes?: string[] }, scopes)

import type { CollectionConfig } from 'payload'

import { anyone } from './anyone'
import { hasScope } from './hasScope'
import type { Scope } from '../common/scopes'

/** Content collections: public (or logged-in) reads, writes and deletes gated by the collection's scopes. */
export const contentAccess = (
  scopePrefix: 'pages' | 'modules' | 'topics' | 'activities',
  read: NonNullable<CollectionConfig['access']>['read'] = anyone,
): CollectionConfig['access'] => ({
  read,
  create: hasScope(`${scopePrefix}:write` as Scope),
  update: hasScope(`${scopePrefix}:write` as Scope),
  delete: hasScope(`${scopePrefix}:delete` as Scope),
})

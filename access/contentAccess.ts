import type { CollectionConfig } from 'payload'

import { anyone } from './anyone'
import { hasScope } from './hasScope'
import { collectionScopes } from '../common/scopes'

/** Content collections: public (or logged-in) reads, writes and deletes gated by the collection's scopes. */
export const contentAccess = (
  collection: 'pages' | 'posts' | 'modules' | 'topics' | 'activities',
  read: NonNullable<CollectionConfig['access']>['read'] = anyone,
): CollectionConfig['access'] => ({
  read,
  create: hasScope(collectionScopes[collection].write),
  update: hasScope(collectionScopes[collection].write),
  delete: hasScope(collectionScopes[collection].delete),
})

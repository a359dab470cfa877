import type { FieldAccess } from 'payload'

import { userHasScope } from '../common/scopes'

/** A field of an account that its owner and holders of users:read may see. */
export const selfOrUserReaders: FieldAccess = ({ req, doc }) =>
  Boolean(req.user) && (String(req.user?.id) === String(doc?.id) || userHasScope(req.user, 'users:read'))

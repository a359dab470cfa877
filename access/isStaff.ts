import type { PayloadRequest } from 'payload'

import { userHasAnyScope } from '../common/scopes'

/** Staff hold at least one scope; only staff may enter Payload's admin panel. */
export const isStaff = ({ req }: { req: PayloadRequest }): boolean => userHasAnyScope(req.user)

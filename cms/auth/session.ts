import { createLocalReq, getFieldsToSign, jwtSign, type Payload, type PayloadRequest } from 'payload'
import { addSessionToUser } from 'payload/shared'

import { endOldestSessions } from '@collections/Users/hooks/limitSessions'

/**
 * A normal Payload session for a user who proved who they are some other way (social sign-in):
 * the session is recorded on the user first, so logout and revocation work as for a password login.
 */
export const issueSession = async (payload: Payload, userId: string | number, incomingReq?: PayloadRequest) => {
  const req = incomingReq ?? (await createLocalReq({}, payload))
  const collectionConfig = payload.collections.users.config
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, req })
  const sessionUser = { ...user, collection: 'users' }
  const { sid } = await addSessionToUser({ collectionConfig, payload, req, user: sessionUser as never })
  await endOldestSessions(payload, req, sessionUser)
  const fieldsToSign = getFieldsToSign({ collectionConfig, email: user.email ?? '', sid, user: { ...user, collection: 'users' } as never })
  return jwtSign({ fieldsToSign, secret: payload.secret, tokenExpiration: collectionConfig.auth.tokenExpiration })
}

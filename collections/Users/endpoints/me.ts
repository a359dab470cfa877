import type { Endpoint, PayloadRequest } from 'payload'

import { withKeptOwnAccount } from '@cms/cache/accountCache'

/** Payload's own handler for GET /api/users/me (the collection's endpoints list it after ours). */
const payloadsOwnMe = (req: PayloadRequest) => {
  const endpoints = req.payload.collections.users.config.endpoints || []
  const own = endpoints.find((endpoint) => endpoint !== me && endpoint.path === '/me' && endpoint.method === 'get')
  if (!own) throw new Error('Payload no longer has its own GET /users/me endpoint')
  return own.handler
}

/**
 * GET /api/users/me: Payload's own answer, every parameter as Payload reads it, with its read of
 * the account served from the copy the sign-in check keeps (cms/cache/accountCache.ts).
 */
export const me: Endpoint = {
  path: '/me',
  method: 'get',
  handler: (req) => withKeptOwnAccount(req, payloadsOwnMe(req)),
}

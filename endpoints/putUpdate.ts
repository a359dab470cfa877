import type { CollectionSlug, Endpoint } from 'payload'

import { json, readBody, routeParam } from '@cms/http/endpointInput'

/**
 * The spec writes updates as PUT; Payload's own update is PATCH. This endpoint is the same update,
 * through Payload's access control and hooks, answering like PATCH: `{ message, doc }`.
 */
export const putUpdateEndpoint = (collection: CollectionSlug): Endpoint => ({
  path: '/:id',
  method: 'put',
  handler: async (req) => {
    const id = routeParam(req, 'id')
    const data = await readBody(req)
    const doc = await req.payload.update({ collection, id, data, req, overrideAccess: false, depth: 1 })
    return json({ message: 'Updated successfully.', doc })
  },
})

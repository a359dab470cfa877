import type { Endpoint, Payload, PayloadRequest } from 'payload'

import type { DistrictListAnswer } from '../../../common/districtSignIn'
import { json } from '@cms/http/endpointInput'

/**
 * GET /api/identity-providers/districts: the districts whose sign-in is on, for the picker on
 * /login. Anyone may ask: only each district's name and key leave, never its issuer or client.
 */
/** The districts whose sign-in is on, by name: what the picker lists (also written into /login's page data). */
export const enabledDistricts = async (payload: Payload, req?: PayloadRequest): Promise<DistrictListAnswer> => {
  const { docs } = await payload.find({
    collection: 'identity-providers',
    where: { enabled: { equals: true } },
    select: { name: true, key: true },
    sort: 'name',
    limit: 200,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return { districts: docs.map((doc) => ({ key: String(doc.key), name: String(doc.name) })) }
}

export const districtListEndpoint: Endpoint = {
  path: '/districts',
  method: 'get',
  handler: async (req) => json(await enabledDistricts(req.payload, req), 200, { 'Cache-Control': 'no-store' }),
}

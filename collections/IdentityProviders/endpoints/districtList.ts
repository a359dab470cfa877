import type { Endpoint } from 'payload'

import type { DistrictListAnswer } from '../../../common/districtSignIn'
import { json } from '@cms/http/endpointInput'

/**
 * GET /api/identity-providers/districts: the districts whose sign-in is on, for the picker on
 * /login. Anyone may ask: only each district's name and key leave, never its issuer or client.
 */
export const districtListEndpoint: Endpoint = {
  path: '/districts',
  method: 'get',
  handler: async (req) => {
    const { docs } = await req.payload.find({
      collection: 'identity-providers',
      where: { enabled: { equals: true } },
      select: { name: true, key: true },
      sort: 'name',
      limit: 200,
      depth: 0,
      overrideAccess: true,
      req,
    })
    const answer: DistrictListAnswer = { districts: docs.map((doc) => ({ key: String(doc.key), name: String(doc.name) })) }
    return json(answer, 200, { 'Cache-Control': 'no-store' })
  },
}

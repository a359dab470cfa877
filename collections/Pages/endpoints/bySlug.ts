import type { Endpoint } from 'payload'

import { json, notFound } from '@cms/http/endpointInput'

export const pageEndpoints: Endpoint[] = [
  {
    path: '/slug/:slug',
    method: 'get',
    handler: async (req) => {
      const slug = String(req.routeParams?.slug ?? '').toLowerCase()
      const { docs } = await req.payload.find({
        collection: 'pages',
        where: { slug: { equals: slug } },
        limit: 1,
        depth: 1,
        req,
        overrideAccess: false,
      })
      if (!docs[0]) throw notFound('Page not found.')
      return json(docs[0])
    },
  },
]

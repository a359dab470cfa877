import type { Endpoint, PayloadRequest } from 'payload'

import { coverageScopes, userHasAnyScope } from '../../../common/scopes'
import { benchmarkCoverage } from '@cms/attempts/benchmarks'
import { badRequest, forbidden, json, requireUser } from '@cms/http/endpointInput'

/** Query parameters the routes of this file read (the language only); any other is a 400 naming it. */
export const onlyLocaleParameter = (req: PayloadRequest) => {
  const query = new URL(req.url ?? 'http://localhost/').searchParams
  for (const name of query.keys()) {
    if (name !== 'locale') throw badRequest([{ path: name, message: `Unknown query parameter: ${name}.` }])
  }
}

/**
 * GET /api/benchmarks/coverage: every benchmark with the modules and activities that teach it, the
 * untaught ones first, then in the standards' order. For the staff who tag modules and activities
 * (common/scopes' coverageScopes): it is where content work is planned. Not in the public cache: it depends on who asks.
 */
export const coverageEndpoint: Endpoint = {
  path: '/coverage',
  method: 'get',
  handler: async (req) => {
    const me = requireUser(req)
    if (!userHasAnyScope(me, coverageScopes)) throw forbidden('Only the staff who edit modules or activities can see the benchmarks’ coverage.')
    onlyLocaleParameter(req)
    const coverage = await benchmarkCoverage(req)
    const untaught = (b: (typeof coverage)[number]) => (b.modules.length === 0 && b.activities.length === 0 ? 0 : 1)
    return json({ docs: [...coverage].sort((a, b) => untaught(a) - untaught(b)) }, 200, { 'Cache-Control': 'no-store' })
  },
}

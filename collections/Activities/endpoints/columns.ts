/**
 * GET /api/activities/columns: the progress grid's columns, every activity grouped by module and
 * topic in the site's order, in the request's language (`?locale=`, as every content read takes
 * it). The same for every classroom and every reader who may read activities, so the answer is
 * apart from a classroom's progress and the public-read cache stores it, compressed and with an
 * ETag, until content changes (cms/cache/publicCache.ts): a teacher's browser revalidates it with a 304.
 */
import { type Endpoint, executeAccess, Forbidden, type PayloadRequest } from 'payload'

import { isLocale, LOCALES } from '../../../common/locales'
import { activityColumns } from '@cms/attempts/grid'
import { badRequest, json } from '@cms/http/endpointInput'

export const columnsMessages = {
  locale: `Language must be one of ${LOCALES.join(', ')}.`,
  parameter: (name: string) => `Unknown query parameter: ${name}.`,
} as const

/**
 * Only `locale`, once, and one of the product's languages. Payload would read an unknown language
 * as English and `all` as every language at once, neither of which a column list can be; and each
 * other query string would be one more cached copy of a large answer.
 */
const checkQuery = (req: PayloadRequest) => {
  for (const name of new Set(req.searchParams.keys())) if (name !== 'locale') throw badRequest([{ path: name, message: columnsMessages.parameter(name) }])
  const locales = req.searchParams.getAll('locale')
  if (locales.length > 1 || (locales.length === 1 && !isLocale(locales[0]))) throw badRequest([{ path: 'locale', message: columnsMessages.locale }])
}

export const activityColumnsEndpoint: Endpoint = {
  path: '/columns',
  method: 'get',
  handler: async (req) => {
    // The activities' own read rule, refused as GET /api/activities refuses it. The columns are cached
    // per language, not per reader, so a rule that lets a reader see only some activities (a query
    // rather than `true`) is refused too: the columns never show more than /api/activities would.
    const { config } = req.payload.collections.activities
    if ((await executeAccess({ collectionConfig: config, req }, config.access.read)) !== true) throw new Forbidden(req.t)
    checkQuery(req)
    return json(await activityColumns(req))
  },
}

import { isLocale } from '@common/locales'

/**
 * Which reads the public-read cache holds (cms/cache/publicCache.ts), and the one address each is cached
 * under. An entry is made from Payload's answer to that address, so the query parameters in it
 * are those the route reads, each checked, in one order: two ways of writing the same read share
 * an entry, and a parameter the route does not read (or a value it would not take as sent) is
 * left to Payload, uncached. Junk in a query string can neither grow the cache nor push real
 * answers out of it.
 */

/** Payload's REST list (collections/endpoints/find: `parseParams`, and the request's locales). */
const listParameters = [
  'depth',
  'draft',
  'fallback-locale',
  'fallbackLocale',
  'joins',
  'limit',
  'locale',
  'page',
  'pagination',
  'populate',
  'select',
  'sort',
  'trash',
  'where',
]
/** Payload's REST document by id (collections/endpoints/findByID). */
const documentParameters = ['depth', 'draft', 'fallback-locale', 'fallbackLocale', 'flattenLocales', 'joins', 'locale', 'populate', 'select', 'trash']
/** What every Payload request reads (the content language and its fallback). */
const languageParameters = ['locale', 'fallback-locale', 'fallbackLocale']

/**
 * The cached paths, each with the parameters its handler reads: lists, a document by id, a page by
 * slug (collections/Pages/endpoints/bySlug.ts: the language only), and the progress grid's columns
 * (collections/Activities/endpoints/columns.ts: `locale` only). Nothing under an id (attempts, launches).
 */
const routes: { path: RegExp; parameters: ReadonlySet<string> }[] = [
  { path: /^\/api\/(?:topics|modules|activities|benchmarks|pages|countries)$/, parameters: new Set(listParameters) },
  { path: /^\/api\/(?:topics|modules|activities|benchmarks|pages|countries)\/\d+$/, parameters: new Set(documentParameters) },
  { path: /^\/api\/pages\/slug\/[^/]+$/, parameters: new Set(languageParameters) },
  { path: /^\/api\/activities\/columns$/, parameters: new Set(['locale']) },
]

const isFallback = (value: string) => isLocale(value) || value === 'none' || value === 'false' || value === 'null'
const isBoolean = (value: string) => value === 'true' || value === 'false'

/** Parameters read as one plain value: each once, without brackets, and a value the route takes. */
const plainValues: Partial<Record<string, (value: string) => boolean>> = {
  locale: (value) => isLocale(value) || value === 'all',
  'fallback-locale': isFallback,
  fallbackLocale: isFallback,
  depth: (value) => /^(?:\d|10)$/.test(value),
  limit: (value) => /^\d{1,4}$/.test(value),
  page: (value) => /^[1-9]\d{0,4}$/.test(value),
  sort: (value) => /^-?[\w.]{1,64}(?:,-?[\w.]{1,64}){0,7}$/.test(value),
  draft: isBoolean,
  pagination: isBoolean,
  trash: isBoolean,
  flattenLocales: isBoolean,
}
/** Parameters that take a structure (`where[title][equals]=…`): the name's brackets hold field paths and operators. */
const structuredName = /^(?:where|select|populate|joins)(?:\[[\w.-]*\])*$/

/** A query longer than any the product sends is not a read worth a place of its own in memory. */
const maxQueryLength = 2048
const maxParameters = 64

/**
 * The address the cache files a GET or HEAD of `url` under (its path and its checked parameters,
 * sorted by name, each name's values in the order sent), or undefined when it is not cached.
 */
export const cachedAddress = (url: string): string | undefined => {
  const queryAt = url.indexOf('?')
  const path = queryAt === -1 ? url : url.slice(0, queryAt)
  const route = routes.find((each) => each.path.test(path))
  if (!route) return undefined
  if (queryAt === -1) return path
  const query = url.slice(queryAt + 1)
  if (query.length > maxQueryLength) return undefined
  const pairs = [...new URLSearchParams(query)]
  if (pairs.length > maxParameters) return undefined
  const seen = new Set<string>()
  for (const [name, value] of pairs) {
    const plain = Object.hasOwn(plainValues, name) ? plainValues[name] : undefined
    const top = plain ? name : name.slice(0, name.indexOf('[') === -1 ? undefined : name.indexOf('['))
    if (!route.parameters.has(top)) return undefined
    if (plain) {
      if (seen.has(name) || !plain(value)) return undefined
      seen.add(name)
    } else if (!structuredName.test(name)) return undefined
  }
  if (pairs.length === 0) return path
  // A stable sort: repeated names (`where[or][]`) keep the order they were sent in.
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const encodedName = (name: string) => encodeURIComponent(name).replace(/%5B/g, '[').replace(/%5D/g, ']')
  return `${path}?${pairs.map(([name, value]) => `${encodedName(name)}=${encodeURIComponent(value)}`).join('&')}`
}

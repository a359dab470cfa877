/**
 * What the service worker (sw.ts) and the page share about the pages kept for offline use
 * (docs/adr/offline-pages.md): every page, API read and reading file kept as it is opened belongs
 * to one account, in a cache named after it, so a page kept for one student can never be served to
 * the next one on a shared device.
 */

/** The start of the name of every cache that holds what one account opened. */
export const OPENED_CACHE_PREFIX = 'civics360-opened-'

/** Who is signed in: the account's id, or this for nobody. */
export const VISITOR = 'visitor'

export const openedCacheName = (account: string) => `${OPENED_CACHE_PREFIX}${account}`

/** The account whose cache this is, or undefined for a cache that is not one of them. */
export const accountOfCache = (name: string) => (name.startsWith(OPENED_CACHE_PREFIX) ? name.slice(OPENED_CACHE_PREFIX.length) : undefined)

/** The page tells the service worker who is signed in now; it deletes what any other account opened. */
export interface AccountMessage {
  type: 'account'
  account: string
}

export const isAccountMessage = (data: unknown): data is AccountMessage =>
  typeof data === 'object' && data !== null && (data as AccountMessage).type === 'account' && typeof (data as AccountMessage).account === 'string'

const pageDataElement = /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/

/**
 * The account a page of the app was made for, from the page data the server writes into it
 * (docs/adr/page-data-in-the-html.md); undefined when the page carries none.
 */
export const accountOfPage = (html: string): string | undefined => {
  const json = pageDataElement.exec(html)?.[1]
  if (json === undefined) return undefined
  try {
    const data = JSON.parse(json) as { user?: { id?: unknown } | null }
    const id = data.user?.id
    if (data.user === null || data.user === undefined) return VISITOR
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined
  } catch {
    return undefined
  }
}

/**
 * Addresses the service worker never answers for a page navigation: the API (its reading files
 * are kept by their own rule), the admin panel and its Next.js files, uploads and the package
 * storage (which belong to the content origin), sign-in redirects and health checks.
 */
const notAppPages = /^\/(api|admin|_next|__nextjs|uploads|package-storage|authenticate|auth|oauth|healthz|readyz)(\/|$)/

/** A navigation to one of the SPA's own routes (which have no file extension). */
export const isAppPage = (pathname: string) => !notAppPages.test(pathname) && !/\.[^/]*$/.test(pathname)

/**
 * The API reads a student's pages make and that are kept per account: content (topics, modules,
 * activities, pages, benchmarks, countries), the student's own attempts, home and assignments, the
 * signed-in user and the reading files. Anything else (logout, usernames, classroom codes, the LRS)
 * always goes to the network.
 */
const keptReads = [
  /^\/api\/(topics|modules|activities|pages|benchmarks|countries)(\/|$)/,
  /^\/api\/attempts$/,
  /^\/api\/users\/me$/,
  /^\/api\/users\/[^/]+\/home$/,
  /^\/api\/assignments\/mine$/,
  /^\/api\/media\/file\/[^/]+$/,
]

export const isKeptRead = (pathname: string) => keptReads.some((pattern) => pattern.test(pathname))

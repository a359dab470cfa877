/**
 * What a package's pages may reach. A Storyline export is untrusted code that runs in a student's
 * browser: real exports call Articulate's metrics host, and some carry an outside LRS. The policy
 * keeps every request a package page makes to the content origin itself and the product (its LRS,
 * under /api/xapi), plus the hosts staff allowed for that one package; what the browser blocked is
 * reported to the content origin, which records the host (never the address or anything else of
 * the report: a launch address carries the student's token) so the console can show it.
 * See docs/adr/no-third-parties-from-packages.md.
 */

import { type BlockedRequest, isAllowedHost } from '@common/packageHosts'

/** The report address of one package's pages, on the content origin. */
export const reportPath = (activityId: string) => `/blocked-requests/${activityId}`

/**
 * The policy of a package's HTML page. `frameAncestors` is the directive the content origin already
 * sends; `products` the product's addresses (the LRS's origin); `allowed` the package's allowed hosts.
 * Host sources carry no scheme, so they follow the page's own (https on an https site).
 */
export const packagePagePolicy = ({
  frameAncestors,
  products,
  allowed,
  activityId,
}: {
  frameAncestors: string
  products: string[]
  allowed: string[]
  activityId: string
}) => {
  const hosts = allowed.filter(isAllowedHost)
  const own = ["'self'", ...hosts].join(' ')
  return [
    `default-src ${own}`,
    // Storyline's players run inline scripts and build functions from strings; the policy is about
    // where a package's requests go, not about which of its own scripts run.
    `script-src ${own} 'unsafe-inline' 'unsafe-eval' blob:`,
    `style-src ${own} 'unsafe-inline'`,
    `img-src ${own} data: blob:`,
    `media-src ${own} data: blob:`,
    `font-src ${own} data:`,
    `connect-src ${[own, ...products].join(' ')}`,
    `frame-src ${own}`,
    `worker-src 'self' blob:`,
    `form-action ${own}`,
    "object-src 'none'",
    "base-uri 'self'",
    frameAncestors,
    `report-uri ${reportPath(activityId)}`,
  ].join('; ')
}

const directiveName = /^[a-z-]{1,40}$/

/**
 * The blocked host of a CSP report (`report-uri`'s `application/csp-report` body, or one entry of the
 * Reporting API's list), or null when it names no outside host: inline code, eval, the page itself.
 */
export const blockedRequestOf = (report: unknown): BlockedRequest | null => {
  if (!report || typeof report !== 'object') return null
  const body = ((report as Record<string, unknown>)['csp-report'] ?? (report as Record<string, unknown>).body ?? report) as Record<string, unknown>
  const blocked = body['blocked-uri'] ?? body.blockedURL
  const directive = String(body['effective-directive'] ?? body.effectiveDirective ?? body['violated-directive'] ?? '').split(' ')[0]
  if (typeof blocked !== 'string' || !/^(?:https?|wss?):\/\//i.test(blocked)) return null
  let host: string
  try {
    host = new URL(blocked).host.toLowerCase()
  } catch {
    return null
  }
  if (!host || host.length > 260) return null
  return { host, directive: directiveName.test(directive) ? directive : 'unknown' }
}

/** Every blocked host of a report body: one report (`report-uri`) or a list of them (`report-to`). */
export const blockedRequestsOf = (body: unknown): BlockedRequest[] =>
  (Array.isArray(body) ? body.slice(0, 20) : [body]).map(blockedRequestOf).filter((found): found is BlockedRequest => found !== null)

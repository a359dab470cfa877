/**
 * The outside hosts of a Storyline package: what staff may allow it to reach, and what the content
 * origin reports it tried to (cms/packages/content/packagePolicy.ts). Shared by the content origin,
 * the Activities collection and the record of blocked requests.
 */

/** A host name, optionally with a port: what staff may allow (no scheme, path, wildcard or space). */
export const allowedHostPattern = /^(?=.{1,253}(?::\d{1,5})?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+(?::\d{1,5})?$/

export const isAllowedHost = (value: unknown): value is string => typeof value === 'string' && allowedHostPattern.test(value)

/** One outside host a package's page tried to reach, and the kind of request (a CSP directive). */
export type BlockedRequest = { host: string; directive: string }

/** What the content origin asks of the product's data about packages. */
export type PackageSettings = {
  /** The hosts staff allowed for an activity's package. */
  allowedHosts: (activityId: string) => Promise<string[]>
  /** Records what an activity's package tried to reach. */
  recordBlocked: (activityId: string, blocked: BlockedRequest[]) => Promise<void>
}

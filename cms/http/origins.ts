/**
 * Which addresses the product answers at, and the content origin (Storyline packages) each one
 * hands out. A package is third-party code: it must play on another *site* than the product, or it
 * could write cookies the product reads (cookies are scoped to a host name, not a port). See
 * docs/adr/content-origin-on-another-site.md and docs/adr/content-origin-permissions.md.
 *
 * - Configured (PUBLIC_URL or CONTENT_URL set): the product's addresses are PUBLIC_URL's origin and
 *   those in EXTRA_PUBLIC_URLS; a request that reached the product at any other address gets no
 *   quiz, but an explanation (`refusalMessage`).
 * - Otherwise every address is the product's: the address the request came to (with TRUST_PROXY,
 *   from X-Forwarded-Proto and X-Forwarded-Host), and packages are served from its loopback twin
 *   (localhost ↔ 127.0.0.1) on CONTENT_PORT, or from the same host when it has none.
 *
 * The content origin's `frame-ancestors` names the product's addresses that hand it out, derived
 * from the host the content request came to; never `*`.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

import type { NextFunction, Request, Response } from 'express'

import { contentUrlFor, loopbackNamesFor, loopbackTwin, publicOrigin } from '../config/env'

/**
 * CSP source expressions cannot name an IPv6 literal (measured in Chromium: `http://[::1]:*` is
 * dropped from `frame-ancestors`), so a product reached at one cannot frame its packages.
 */
const isIpv6Literal = (hostname: string) => hostname.startsWith('[')

/** A host name safe to write into a header: letters, digits, dots and hyphens only. */
const plainHostname = /^[a-z0-9.-]{1,253}$/i

/** `scheme://host[:port]` of a request from its protocol and Host, or null when the Host is not a host. */
export const originFrom = (protocol: string | undefined, host: string | undefined): string | null => {
  if ((protocol !== 'http' && protocol !== 'https') || !host || !/^(?:[a-z0-9.-]{1,253}|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i.test(host)) return null
  try {
    return new URL(`${protocol}://${host}`).origin
  } catch {
    return null
  }
}

const addressList = (value: string | undefined) => (value ?? '').split(/[\s,]+/).filter(Boolean)

/** EXTRA_PUBLIC_URLS entries that are not http(s) addresses: the start stops on them (cms/startup/server.ts). */
export const invalidExtraPublicUrls = (): string[] =>
  addressList(process.env.EXTRA_PUBLIC_URLS).filter((entry) => {
    try {
      return !/^https?:$/.test(new URL(entry).protocol)
    } catch {
      return true
    }
  })

/**
 * The product's addresses when they are configured: PUBLIC_URL's (or its default, when only
 * CONTENT_URL is set) first, then EXTRA_PUBLIC_URLS'. Null when nothing is configured: every
 * address the product is reached at is its own.
 */
export const configuredProductOrigins = (): string[] | null => {
  if (!process.env.PUBLIC_URL && !process.env.CONTENT_URL) return null
  const extra = addressList(process.env.EXTRA_PUBLIC_URLS).flatMap((entry) => {
    try {
      return [new URL(entry).origin]
    } catch {
      return []
    }
  })
  return [...new Set([publicOrigin(), ...extra])]
}

/** CONTENT_URL's origin, else the loopback twin (or the same host) of the product's address, on CONTENT_PORT. */
export const contentOriginFor = (productOrigin: string): string => new URL(contentUrlFor(productOrigin)).origin

/** The content origin is another site than the product only when the product's host has a twin, or CONTENT_URL says where. */
export const sharesSiteWithContent = (productOrigin: string): boolean => !process.env.CONTENT_URL && !loopbackTwin(new URL(productOrigin).hostname)

export type ProductAddress =
  | { allowed: true; origin: string; contentOrigin: string }
  /** `setting`: the variable IT can add the address to; absent when no setting helps (an IPv6 literal). */
  | { allowed: false; address: string; openAt: string; setting?: 'EXTRA_PUBLIC_URLS' }

/** What a request that reached the product at `requestOrigin` may open packages as. */
export const productAddress = (requestOrigin: string | null): ProductAddress => {
  const configured = configuredProductOrigins()
  if (configured) {
    const requested = requestOrigin ? new URL(requestOrigin) : null
    // Same host and port with another scheme: TLS ended at a proxy that does not say so (no X-Forwarded-Proto).
    const match =
      requested && (configured.find((origin) => origin === requested.origin) ?? configured.find((origin) => new URL(origin).host === requested.host))
    if (match && !isIpv6Literal(new URL(match).hostname)) return { allowed: true, origin: match, contentOrigin: contentOriginFor(match) }
    const openAt = configured.find((origin) => !isIpv6Literal(new URL(origin).hostname)) ?? configured[0]
    return { allowed: false, address: requestOrigin ?? 'unknown', openAt, setting: 'EXTRA_PUBLIC_URLS' }
  }
  const origin = requestOrigin ?? publicOrigin()
  const url = new URL(origin)
  if (isIpv6Literal(url.hostname)) {
    url.hostname = loopbackTwin(url.hostname) ?? 'localhost'
    return { allowed: false, address: origin, openAt: url.origin }
  }
  return { allowed: true, origin, contentOrigin: contentOriginFor(origin) }
}

/** The English sentence of a refusal; the web app says the same in the reader's language. */
export const refusalMessage = (refused: Extract<ProductAddress, { allowed: false }>) =>
  refused.setting
    ? `This quiz can’t open at this address (${refused.address}). Ask your IT team to open Civics360 at ${refused.openAt}, or to add this address to ${refused.setting}.`
    : `This quiz can’t open at this address (${refused.address}). Open Civics360 at ${refused.openAt} instead.`

/** The content origin for a request to the product that was refused a package: PUBLIC_URL's. */
export const defaultContentOrigin = () => contentOriginFor(configuredProductOrigins()?.[0] ?? publicOrigin())

/**
 * The product's addresses that may frame the content origin, for a content request that came to
 * `hostname` over `protocol`: CSP sources, never `*`. Configured: the exact origins whose content
 * origin is on that host (all of them with CONTENT_URL, which they share). Otherwise: the host
 * names whose content origin is that host, on any port (the product's port is not known here; a
 * host's other ports are the same site as the product anyway). Empty: nobody may frame it.
 */
export const productSources = (protocol: string, hostname: string): string[] => {
  const configured = configuredProductOrigins()
  if (configured) {
    const framable = configured.filter((origin) => !isIpv6Literal(new URL(origin).hostname))
    if (process.env.CONTENT_URL) return framable
    return framable.filter((origin) => new URL(contentOriginFor(origin)).hostname === hostname.toLowerCase())
  }
  const host = hostname.toLowerCase()
  if (!plainHostname.test(host)) return []
  const scheme = protocol === 'https' ? 'https' : 'http'
  const hosts = loopbackTwin(host) ? loopbackNamesFor(host).filter((name) => !isIpv6Literal(name)) : [host]
  return hosts.map((name) => `${scheme}://${name}:*`)
}

/** Whether `origin` is one of the addresses `productSources` names. */
const namedBy = (sources: string[], origin: string) => {
  const url = new URL(origin)
  return sources.some((source) => {
    if (source === url.origin) return true
    const wildcard = /^(https?):\/\/([^:]+):\*$/.exec(source)
    // An http source also matches https (CSP's scheme upgrade); an https one only https.
    return Boolean(wildcard && wildcard[2] === url.hostname && (wildcard[1] === 'http' || url.protocol === 'https:'))
  })
}

/**
 * The product's address the launcher talks to (postMessage): the one its URL names (`?product=`)
 * when the sources allow it, else the only configured one there is; null when it cannot tell.
 */
export const launcherProductOrigin = (sources: string[], named: unknown): string | null => {
  const origin = typeof named === 'string' ? originFromUrl(named) : null
  if (origin && namedBy(sources, origin)) return origin
  const exact = sources.filter((source) => !source.endsWith(':*'))
  return exact.length === sources.length && exact.length === 1 ? exact[0] : null
}

const originFromUrl = (value: string): string | null => {
  try {
    const url = new URL(value)
    return url.origin === value && /^https?:$/.test(url.protocol) ? url.origin : null
  } catch {
    return null
  }
}

/**
 * Whether the launcher's URL must name the product's address: when the content origin cannot
 * tell it from its own (derived addresses, or several configured ones sharing it).
 */
export const launcherNeedsProduct = (productOrigin: string, contentOrigin: string): boolean => {
  const url = new URL(contentOrigin)
  const sources = productSources(url.protocol.slice(0, -1), url.hostname)
  return launcherProductOrigin(sources, undefined) !== productOrigin
}

/** The address each request to the product came to (Express's `req.protocol` and `req.host`, so TRUST_PROXY applies). */
const requestOrigins = new AsyncLocalStorage<string | null>()

export const rememberRequestOrigin = (req: Request, _res: Response, next: NextFunction) => requestOrigins.run(originFrom(req.protocol, req.host), next)

/**
 * The address the current request came to. Payload's handlers see a Fetch Request without the
 * socket, so Express's reading is kept for them; outside Express (a test calling Payload directly)
 * the request's own Host is used.
 */
export const currentRequestOrigin = (headers: Headers): string | null => requestOrigins.getStore() ?? originFrom('http', headers.get('host') ?? undefined)

/**
 * Logs once per address that packages opened there are served from the product's own host (no
 * loopback twin, no CONTENT_URL): they can set cookies the product reads. Only the first few
 * addresses: the Host header is the client's to choose, and must not grow memory or the log.
 */
const warnedSameSite = new Set<string>()
const maxWarnedAddresses = 20
export const warnIfSameSite = (productOrigin: string, warn: (message: string) => void) => {
  if (!sharesSiteWithContent(productOrigin) || warnedSameSite.has(productOrigin) || warnedSameSite.size >= maxWarnedAddresses) return
  warnedSameSite.add(productOrigin)
  warn(sameSiteWarning(productOrigin))
}

export const sameSiteWarning = (productOrigin: string) =>
  `Storyline packages opened at ${productOrigin} are served from ${contentOriginFor(productOrigin)}, the same site as the product, where a package can set cookies the product reads: in production set CONTENT_URL to an address on another registrable domain (docs/deploy.md).`

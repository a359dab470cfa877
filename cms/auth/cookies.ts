import { publicUrl } from '../config/env'

/**
 * The product's cookies and their names. Cookies are scoped to a host, not a port or a scheme:
 * any page on the same host name (a Storyline package on another port, a plain-http page) can
 * write a cookie the product then receives. Over https every product cookie is named with the
 * `__Host-` prefix, which browsers accept only from a secure page of this very host with `Secure`,
 * `Path=/` and no `Domain`, so nothing else can plant or shadow one. See
 * docs/adr/host-prefixed-cookies.md.
 */

/** True when the product is served over https: cookies are `Secure` and `__Host-` prefixed. */
export const secureCookies = (): boolean => process.env.COOKIE_SECURE === 'true' || publicUrl().startsWith('https://')

/** A product cookie's name as set and read: `__Host-<base>` over https, `<base>` otherwise. */
export const cookieName = (base: string): string => (secureCookies() ? `__Host-${base}` : base)

/** Payload's `cookiePrefix`: its session cookie is `<prefix>-token`. */
export const payloadCookiePrefix = (): string => cookieName('payload')
export const sessionCookieName = (): string => `${payloadCookiePrefix()}-token`
export const csrfCookieName = (): string => cookieName('XSRF-TOKEN')

/** The `; Secure` attribute when cookies are secure. */
export const secureAttribute = (): string => (secureCookies() ? '; Secure' : '')

/** Every value the Cookie header carries under `name` (a name with stray spaces counts as the same name). */
export const cookieValues = (header: string | undefined, name: string): string[] => {
  const values: string[] = []
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at === -1 || part.slice(0, at).trim() !== name) continue
    const raw = part.slice(at + 1).trim()
    try {
      values.push(decodeURIComponent(raw))
    } catch {
      values.push(raw)
    }
  }
  return values
}

/** The names of the product's own cookies that the Cookie header carries more than once. */
export const duplicatedCookies = (header: string | undefined, names: string[]): string[] => names.filter((name) => cookieValues(header, name).length > 1)

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Plain http only on this machine (a test or a local issuer); anywhere else the issuer must be https. */
export const isLoopbackIssuer = (issuer: URL) => issuer.protocol === 'http:' && loopbackHosts.has(issuer.hostname)

/** Why a value is not a usable issuer URL, or null. */
export const issuerProblem = (value: unknown): string | null => {
  let url: URL
  try {
    url = new URL(String(value ?? ''))
  } catch {
    return 'The issuer must be a URL, such as https://launchpad.classlink.com.'
  }
  if (url.protocol !== 'https:' && !isLoopbackIssuer(url)) return 'The issuer must be an https URL.'
  if (url.search || url.hash || url.username || url.password) return 'The issuer URL has no query, fragment or credentials.'
  return null
}

/** The address users reach the product at; links in emails and OAuth callbacks are built from it. */
export const publicUrl = (): string => (process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '')

/** The port the product listens on: PORT, else 3000. */
export const serverPort = (): number => Number(process.env.PORT || 3000)

/**
 * The port the server also listens on for the content origin (Storyline packages and their
 * launcher): CONTENT_PORT, else the next port after PORT.
 */
export const contentPort = (): number => Number(process.env.CONTENT_PORT || serverPort() + 1)

/** The other name of this machine: another site for cookies and for `frame-ancestors`. */
const loopbackTwins: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost', '[::1]': 'localhost' }
export const loopbackTwin = (hostname: string): string | undefined => loopbackTwins[hostname.toLowerCase()]
/** The host names whose loopback twin is `hostname`. */
export const loopbackNamesFor = (hostname: string): string[] => Object.keys(loopbackTwins).filter((name) => loopbackTwins[name] === hostname.toLowerCase())

/**
 * The content origin's address for the product reached at `productUrl`: CONTENT_URL, else its
 * loopback twin (localhost ↔ 127.0.0.1), or the same host when it has none, on CONTENT_PORT. See
 * docs/adr/content-origin-on-another-site.md.
 */
export const contentUrlFor = (productUrl: string): string => {
  if (process.env.CONTENT_URL) return process.env.CONTENT_URL.replace(/\/+$/, '')
  const url = new URL(productUrl)
  return `${url.protocol}//${loopbackTwin(url.hostname) ?? url.hostname}:${contentPort()}`
}

/** The content origin's address for PUBLIC_URL (cms/http/origins.ts has the one for each request's address). */
export const contentUrl = (): string => contentUrlFor(publicUrl())

/** Origins as browsers send them (scheme://host[:port]), for CORS and postMessage checks. */
export const publicOrigin = (): string => new URL(publicUrl()).origin
export const contentOrigin = (): string => new URL(contentUrl()).origin

/**
 * The caches' settings (cms/cache/index.ts): CACHE_ENABLED=false runs the product uncached (every
 * read from the database, as when measuring or ruling the caches out of a problem), and
 * PUBLIC_CACHE_MB bounds the public-read cache's memory.
 */
/** A duration set in seconds by an environment variable, in milliseconds. */
export const secondsFromEnv = (name: string, fallback: number): number => Number(process.env[name] || fallback) * 1000

export const cacheOptions = (): { enabled: boolean; publicCacheMB?: number } => {
  const megabytes = Number(process.env.PUBLIC_CACHE_MB)
  return { enabled: process.env.CACHE_ENABLED !== 'false', ...(process.env.PUBLIC_CACHE_MB && megabytes > 0 ? { publicCacheMB: megabytes } : {}) }
}

/** The address users reach the product at; links in emails and OAuth callbacks are built from it. */
export const publicUrl = (): string => (process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '')

/**
 * The port the server also listens on for the content origin (Storyline packages and their
 * launcher): CONTENT_PORT, else the next port after PORT.
 */
export const contentPort = (): number => Number(process.env.CONTENT_PORT || Number(process.env.PORT || 3000) + 1)

/**
 * The content origin's address: CONTENT_URL, else PUBLIC_URL's scheme and host on CONTENT_PORT
 * (same site as the product, another origin). See docs/decisions.md, "The content origin".
 */
export const contentUrl = (): string => {
  if (process.env.CONTENT_URL) return process.env.CONTENT_URL.replace(/\/+$/, '')
  const url = new URL(publicUrl())
  return `${url.protocol}//${url.hostname}:${contentPort()}`
}

/** Origins as browsers send them (scheme://host[:port]), for CORS and postMessage checks. */
export const publicOrigin = (): string => new URL(publicUrl()).origin
export const contentOrigin = (): string => new URL(contentUrl()).origin

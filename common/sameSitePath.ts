/**
 * A path on this site that no browser reads as another host: it starts with one `/`, and holds no
 * `\` (browsers treat it like `/`, so `/\evil.test` is `//evil.test`) and no control character
 * (browsers drop tabs and newlines, so `/\t/evil.test` is `//evil.test` too).
 */
export const isSameSitePath = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/')) return false
  const path = value.split(/[?#]/)[0]
  return !path.startsWith('//') && !path.includes('\\') && !/[\u0000-\u001f\u007f]/.test(value)
}

/** Where to send the browser after logging in: a path on this site other than /login itself, else '/' (spec section 4). */
export const safeRedirect = (value: unknown): string => {
  if (!isSameSitePath(value)) return '/'
  const path = value.split(/[?#]/)[0]
  return path === '/login' || path === '/login/' ? '/' : value
}

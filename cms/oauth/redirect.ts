/**
 * Where to send the browser after social sign-in: only a same-origin relative path. A leading
 * `//` or `/\` is read by browsers as another host (they treat `\` like `/`), anything not
 * starting with `/` may carry a scheme, and control characters can hide either from a check;
 * all of those, and /login itself, mean '/'.
 */
export const safeRedirect = (value: unknown): string => {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/')) return '/'
  const path = value.split(/[?#]/)[0]
  if (path.startsWith('//') || path.includes('\\') || /[\u0000-\u001f\u007f]/.test(value)) return '/'
  if (path === '/login' || path === '/login/') return '/'
  return value
}

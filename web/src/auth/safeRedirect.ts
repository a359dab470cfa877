/**
 * The path to go to after logging in: only same-origin relative paths are accepted, and
 * /login itself (or nothing) means the home page (spec section 4).
 */
export function safeRedirect(value: string | null | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/'
  if (/[\u0000-\u001f]/.test(value)) return '/'
  const path = value.split(/[?#]/)[0]
  if (path === '/login' || path === '/login/') return '/'
  return value
}

export function socialLoginHref(provider: 'facebook' | 'google', redirect: string | null): string {
  const base = `/authenticate/${provider}`
  return redirect ? `${base}?redirect=${encodeURIComponent(redirect)}` : base
}

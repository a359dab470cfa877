export { safeRedirect } from '../../../common/sameSitePath'

export function socialLoginHref(provider: 'facebook' | 'google', redirect: string | null): string {
  const base = `/authenticate/${provider}`
  return redirect ? `${base}?redirect=${encodeURIComponent(redirect)}` : base
}

/** The server's district sign-in for a district key (a browser navigation, not an API call). */
export function districtLoginHref(key: string, redirect: string | null): string {
  const base = `/authenticate/district/${encodeURIComponent(key)}`
  return redirect ? `${base}?redirect=${encodeURIComponent(redirect)}` : base
}

export { safeRedirect } from '../../../common/sameSitePath'

export function socialLoginHref(provider: 'facebook' | 'google', redirect: string | null): string {
  const base = `/authenticate/${provider}`
  return redirect ? `${base}?redirect=${encodeURIComponent(redirect)}` : base
}

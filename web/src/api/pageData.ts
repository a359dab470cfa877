import type { DistrictChoice } from '../../../common/districtSignIn'
import type { User } from './types'

export type SocialProvider = 'facebook' | 'google'

export interface PageData {
  csrfToken: string | null
  user: User | null
  /** The social sign-in providers the server has configured; null when no server page data is present. */
  socialProviders: SocialProvider[] | null
  /** The districts whose sign-in is on, written into /login's page only; null elsewhere. */
  districts: DistrictChoice[] | null
}

const socialProviderNames: readonly string[] = ['facebook', 'google'] satisfies SocialProvider[]

function socialProvidersOf(value: unknown): SocialProvider[] | null {
  if (!Array.isArray(value)) return null
  return value.filter((name): name is SocialProvider => socialProviderNames.includes(name))
}

/** Reads the data the server writes into index.html (see docs/api.md, CSRF). */
export function readPageData(doc: Document = document): PageData {
  const text = doc.getElementById('page-data')?.textContent
  try {
    const parsed = text ? (JSON.parse(text) as Partial<PageData>) : {}
    return {
      csrfToken: parsed.csrfToken ?? null,
      user: parsed.user ?? null,
      socialProviders: socialProvidersOf(parsed.socialProviders),
      districts: Array.isArray(parsed.districts) ? parsed.districts : null,
    }
  } catch {
    return { csrfToken: null, user: null, socialProviders: null, districts: null }
  }
}

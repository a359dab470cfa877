import type { DistrictProfile } from '../oauth/accounts'
import type { IdentityProvider } from '../../payload-types'

type Claims = Record<string, unknown>

/** A claim by name, or by a dotted path into an object claim (Clever's `name.first`). */
export const claimAt = (claims: Claims, path: string | null | undefined): unknown => {
  if (!path) return undefined
  if (Object.hasOwn(claims, path)) return claims[path]
  return path.split('.').reduce<unknown>((value, part) => (value && typeof value === 'object' ? (value as Claims)[part] : undefined), claims)
}

const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 200) : null
}

const emailText = (value: unknown): string | null => {
  const email = text(value)?.toLowerCase() ?? null
  return email && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? email : null
}

const listOf = (value: string | null | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean)

/** The role claim may be one value or several (a list of roles): the first that names a role wins, student first. */
const roleOf = (value: unknown, provider: IdentityProvider): DistrictProfile['role'] | null => {
  const values = (Array.isArray(value) ? value : [value]).map((item) => text(item)?.toLowerCase()).filter((item): item is string => Boolean(item))
  if (values.some((item) => listOf(provider.studentRoles).includes(item))) return 'student'
  if (values.some((item) => listOf(provider.teacherRoles).includes(item))) return 'teacher'
  return null
}

export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1)

/** The claims the settings name, present in the id_token or else to be read from userinfo. */
export const wantedClaims = (provider: IdentityProvider) =>
  [provider.userIdClaim, provider.roleClaim, provider.emailClaim, provider.firstNameClaim, provider.lastNameClaim, provider.districtClaim].filter(
    (name): name is string => Boolean(name),
  )

export type ProfileOutcome = { profile: DistrictProfile } | { refused: 'district_role' | 'district_account' | 'provider' }

/**
 * Who the district says this is, read from verified claims with the provider's settings. A provider
 * shared by several districts (Clever) must name this one in its district claim; a role outside the
 * configured student and teacher values opens nothing.
 */
export const districtProfile = (provider: IdentityProvider, claims: Claims): ProfileOutcome => {
  if (provider.districtClaim && provider.districtId && text(claimAt(claims, provider.districtClaim)) !== provider.districtId.trim()) {
    return { refused: 'district_account' }
  }
  const subject = text(claimAt(claims, provider.userIdClaim || 'sub'))
  if (!subject) return { refused: 'provider' }
  const role = roleOf(claimAt(claims, provider.roleClaim), provider)
  if (!role) return { refused: 'district_role' }
  if (role === 'student') return { profile: { district: provider.key, subject, role, email: null, emailVouched: false, firstName: null, lastName: null } }
  const email = emailText(claimAt(claims, provider.emailClaim))
  const domains = (provider.emailDomains ?? []).map((domain) => domain.trim().toLowerCase())
  // A district vouches only for addresses in its own domains: another district's provider saying it
  // verified an address of this one must not open this one's accounts.
  const emailVouched = Boolean(email) && domains.includes(domainOf(email!))
  return {
    profile: {
      district: provider.key,
      subject,
      role,
      email,
      emailVouched,
      firstName: text(claimAt(claims, provider.firstNameClaim)),
      lastName: text(claimAt(claims, provider.lastNameClaim)),
    },
  }
}

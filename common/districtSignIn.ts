/**
 * District sign-in (OpenID Connect) rules both sides read: the shape of a district key, and the
 * codes of /login?error=… that a district sign-in can end with (the login page words each one).
 */
export const districtKeyPattern = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/

export const isDistrictKey = (value: unknown): value is string => typeof value === 'string' && districtKeyPattern.test(value)

export const districtErrorCodes = [
  'district_unavailable',
  'district_denied',
  'district_provider',
  'district_code',
  'district_token',
  'district_role',
  'district_account',
] as const

export type DistrictErrorCode = (typeof districtErrorCodes)[number]

/** A district in the login page's picker (GET /api/identity-providers/districts). */
export type DistrictChoice = { key: string; name: string }

export type DistrictListAnswer = { districts: DistrictChoice[] }

import type { FieldError } from '@cms/http/endpointInput'
import { type AccountType, accountTypes, gradeOptions, subjectOptions } from '../../common/userOptions'

/** Server-side mirror of spec section 5's profile rules, with its messages word for word. */
export const profileMessages = {
  firstName: 'First name is required.',
  lastName: 'Last name is required.',
  position: 'Job position is required.',
  district: 'School district is required.',
  state: 'State/region is required.',
  country: 'Country is required.',
  school: 'School is required.',
  schoolName: 'School name is required.',
  grades: 'At least one grade level is required.',
  subjects: 'At least one subject is required.',
} as const

export type ProfileInput = {
  type?: AccountType | null
  firstName?: string
  lastName?: string
  position?: string
  district?: string
  state?: string
  country?: string
  school?: string | number | null
  certification?: string
  grades?: string[]
  subjects?: string[]
}

const textKeys = ['firstName', 'lastName', 'position', 'district', 'state', 'country', 'certification'] as const
export const profileKeys = [...textKeys, 'type', 'school', 'grades', 'subjects', 'completed', 'classroom'] as const

/** Parses `attributes` from a request body, collecting type errors. */
export const parseProfile = (raw: unknown, errors: FieldError[]): ProfileInput => {
  const out: ProfileInput = {}
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    errors.push({ path: 'attributes', message: 'attributes must be an object.' })
    return out
  }
  const input = raw as Record<string, unknown>
  for (const key of Object.keys(input)) {
    if (!(profileKeys as readonly string[]).includes(key)) errors.push({ path: `attributes.${key}`, message: `Unknown field: attributes.${key}.` })
  }
  if (input.type !== undefined) {
    if (input.type === null || input.type === '') out.type = null
    else if (typeof input.type === 'string' && (accountTypes as readonly string[]).includes(input.type)) out.type = input.type as AccountType
    else errors.push({ path: 'attributes.type', message: 'Choose one of the account types.' })
  }
  for (const key of textKeys) {
    const value = input[key]
    if (value === undefined || value === null) continue
    if (typeof value !== 'string' || value.length > 200)
      errors.push({ path: `attributes.${key}`, message: `attributes.${key} must be text of at most 200 characters.` })
    else out[key] = value.trim()
  }
  if (input.school !== undefined && input.school !== null && input.school !== '') {
    const school = typeof input.school === 'object' ? (input.school as { id?: unknown }).id : input.school
    if ((typeof school === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(school)) || typeof school === 'number') out.school = school
    else errors.push({ path: 'attributes.school', message: profileMessages.school })
  } else if (input.school !== undefined) out.school = null
  for (const [key, options] of [
    ['grades', gradeOptions],
    ['subjects', subjectOptions],
  ] as const) {
    const value = input[key]
    if (value === undefined || value === null) continue
    if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !(options as readonly string[]).includes(v))) {
      errors.push({ path: `attributes.${key}`, message: `attributes.${key} must be a list of: ${options.join(', ')}.` })
    } else out[key] = [...new Set(value as string[])]
  }
  return out
}

// A parent is asked what a parent would be asked (their name), not for a job position, though the
// spec's list of types that need one includes them (docs/adr/parent-profile-without-job-position.md).
const needsPosition = (type: AccountType) => type !== 'independent' && type !== 'student' && type !== 'parent'

/** The rules of spec section 5 for a complete profile of the given type. */
export const checkProfile = (profile: ProfileInput, type: AccountType, errors: FieldError[]): void => {
  const missing = (key: keyof ProfileInput, message: string) => {
    const value = profile[key]
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) {
      errors.push({ path: `attributes.${key}`, message })
    }
  }
  missing('firstName', profileMessages.firstName)
  missing('lastName', profileMessages.lastName)
  if (needsPosition(type)) missing('position', profileMessages.position)
  if (type === 'district') {
    missing('district', profileMessages.district)
    missing('state', profileMessages.state)
    missing('country', profileMessages.country)
  }
  if (type === 'professor') {
    missing('state', profileMessages.state)
    missing('country', profileMessages.country)
  }
  if (type === 'school' || type === 'teacher') missing('school', profileMessages.school)
  if (type === 'teacher') {
    missing('grades', profileMessages.grades)
    missing('subjects', profileMessages.subjects)
  }
}

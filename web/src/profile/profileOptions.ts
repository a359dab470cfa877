import type { EducatorType } from '../api/types'

/** Spec section 9. */
export const GRADES = [
  'Kindergarten',
  'First',
  'Second',
  'Third',
  'Fourth',
  'Fifth',
  'Sixth',
  'Seventh',
  'Eighth',
  'Ninth',
  'Tenth',
  'Eleventh',
  'Twelfth',
  'College/University',
  'Other',
] as const

export const SUBJECTS = [
  'American Government',
  'American History',
  'Civics',
  'Fine Arts',
  'Economics',
  'Elementary Core Subjects',
  'Geography',
  'Language Arts',
  'Math',
  'Reading',
  'Science',
  'Other',
] as const

export const DEFAULT_STATE = 'Florida'
export const DEFAULT_COUNTRY = 'United States'

export const ACCOUNT_TYPES: { type: EducatorType; label: string; description: string }[] = [
  { type: 'teacher', label: 'Teacher', description: 'I teach students in a classroom.' },
  { type: 'school', label: 'School', description: 'I work for a school, for example as an administrator.' },
  { type: 'district', label: 'District', description: 'I work for a school district.' },
  { type: 'professor', label: 'Professor', description: 'I teach at a college or university.' },
  { type: 'parent', label: 'Parent', description: 'I am a parent or guardian.' },
  { type: 'homeschool', label: 'Homeschool', description: 'I teach my children at home.' },
  { type: 'other', label: 'Other', description: 'I use Civics360 for something else.' },
  { type: 'independent', label: 'Independent', description: 'I am learning on my own.' },
]

export function typeLabel(type: EducatorType): string {
  return ACCOUNT_TYPES.find((entry) => entry.type === type)?.label ?? type
}

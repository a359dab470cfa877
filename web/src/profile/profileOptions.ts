import { defaults } from '../../../common/userOptions'
import type { EducatorType } from '../api/types'

/** Spec section 9, from the same module the server validates with. */
export { gradeOptions as GRADES, subjectOptions as SUBJECTS } from '../../../common/userOptions'

export const DEFAULT_STATE = defaults.state
export const DEFAULT_COUNTRY = defaults.country

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

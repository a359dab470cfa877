import { defaults } from '../../../common/userOptions'
import type { EducatorType } from '../api/types'

/** Spec section 9, from the same module the server validates with. */
export { gradeOptions as GRADES, subjectOptions as SUBJECTS } from '../../../common/userOptions'

export const DEFAULT_STATE = defaults.state
export const DEFAULT_COUNTRY = defaults.country

/** The educator types in the order the picker shows them; their words are under `profile.types` in the catalogues. */
export const ACCOUNT_TYPES: EducatorType[] = ['teacher', 'school', 'district', 'professor', 'parent', 'homeschool', 'other', 'independent']

import { array, mixed, object, string, type AnyObject, type ObjectSchema } from 'yup'
import type { AccountType, School } from '../api/types'
import en from '../i18n/locales/en.json'

// Spec section 5, word for word.
export const FIRST_NAME_REQUIRED = en.messages.firstNameRequired
export const LAST_NAME_REQUIRED = en.messages.lastNameRequired
export const POSITION_REQUIRED = en.messages.positionRequired
export const DISTRICT_REQUIRED = en.messages.districtRequired
export const STATE_REQUIRED = en.messages.stateRequired
export const COUNTRY_REQUIRED = en.messages.countryRequired
export const SCHOOL_REQUIRED = en.messages.schoolRequired
export const SCHOOL_NAME_REQUIRED = en.messages.schoolNameRequired
export const SCHOOL_DISTRICT_REQUIRED = en.messages.districtRequired
export const SCHOOLS_MUST_HAVE_NAME = en.messages.schoolsMustHaveName
export const SCHOOLS_MUST_HAVE_DISTRICT = en.messages.schoolsMustHaveDistrict
export const GRADES_REQUIRED = en.messages.gradesRequired
export const SUBJECTS_REQUIRED = en.messages.subjectsRequired

export interface ProfileValues {
  firstName: string
  lastName: string
  position: string
  district: string
  state: string
  country: string
  school: School | null
  certification: string
  grades: string[]
  subjects: string[]
}

/** Which fields each account type's form shows and saves. */
export const PROFILE_FIELDS: Record<AccountType, (keyof ProfileValues)[]> = {
  teacher: ['firstName', 'lastName', 'position', 'school', 'grades', 'subjects', 'certification'],
  school: ['firstName', 'lastName', 'position', 'school'],
  district: ['firstName', 'lastName', 'position', 'district', 'state', 'country'],
  professor: ['firstName', 'lastName', 'position', 'state', 'country'],
  parent: ['firstName', 'lastName'],
  homeschool: ['firstName', 'lastName', 'position'],
  other: ['firstName', 'lastName', 'position'],
  independent: ['firstName', 'lastName'],
  student: ['firstName', 'lastName'],
}

function schoolSchema(nameMessage: string, districtMessage: string) {
  return mixed<School>()
    .nullable()
    .required(SCHOOL_REQUIRED)
    .test('school-name', nameMessage, (school) => !school || Boolean(school.name?.trim()))
    .test('school-district', districtMessage, (school) => !school || Boolean(school.district?.trim()))
}

function list(message: string) {
  return array(string().required())
    .transform((_value, original) => (Array.isArray(original) ? original : original ? [original] : []))
    .min(1, message)
    .required(message)
}

const rules = {
  firstName: string().trim().required(FIRST_NAME_REQUIRED),
  lastName: string().trim().required(LAST_NAME_REQUIRED),
  position: string().trim().required(POSITION_REQUIRED),
  district: string().trim().required(DISTRICT_REQUIRED),
  state: string().trim().required(STATE_REQUIRED),
  country: string().trim().required(COUNTRY_REQUIRED),
  certification: string().default(''),
  grades: list(GRADES_REQUIRED),
  subjects: list(SUBJECTS_REQUIRED),
}

export function profileSchema(type: AccountType): ObjectSchema<AnyObject> {
  const school =
    type === 'teacher' ? schoolSchema(SCHOOLS_MUST_HAVE_NAME, SCHOOLS_MUST_HAVE_DISTRICT) : schoolSchema(SCHOOL_NAME_REQUIRED, SCHOOL_DISTRICT_REQUIRED)
  const all = { ...rules, school }
  const shape = Object.fromEntries(PROFILE_FIELDS[type].map((field) => [field, all[field]]))
  return object(shape)
}

export const newSchoolSchema = object({
  name: string().trim().required(SCHOOL_NAME_REQUIRED),
  district: string().trim().required(SCHOOL_DISTRICT_REQUIRED),
  state: string().default(''),
  country: string().default(''),
})

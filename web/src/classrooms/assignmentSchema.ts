import { array, boolean, object, string } from 'yup'
import en from '../i18n/locales/en.json'

export const ASSIGNMENT_TITLE_REQUIRED = en.messages.assignmentTitleRequired
export const ASSIGNMENT_DUE_REQUIRED = en.messages.assignmentDueRequired
export const ASSIGNMENT_ITEMS_REQUIRED = en.messages.assignmentItemsRequired
export const ASSIGNMENT_STUDENTS_REQUIRED = en.messages.assignmentStudentsRequired
export const ASSIGNMENT_DUE_AFTER_AVAILABLE = en.messages.assignmentDueAfterAvailable

const time = string().matches(/^(\d{2}:\d{2})?$/)

/** The assignment form; times are on the classroom's clock, as the server reads them. */
export const assignmentSchema = object({
  title: string().trim().required(ASSIGNMENT_TITLE_REQUIRED),
  instructions: string().default(''),
  dueDate: string().required(ASSIGNMENT_DUE_REQUIRED),
  dueTime: time.default('23:59'),
  availableDate: string().default(''),
  availableTime: time.default(''),
  modules: array(string().required()).default([]),
  activities: array(string().required())
    .default([])
    .test('items', ASSIGNMENT_ITEMS_REQUIRED, (activities, { parent }) => activities.length + parent.modules.length > 0),
  everyone: string().oneOf(['class', 'chosen']).default('class'),
  students: array(string().required())
    .default([])
    .test('students', ASSIGNMENT_STUDENTS_REQUIRED, (students, { parent }) => parent.everyone === 'class' || students.length > 0),
  draft: boolean().default(false),
}).test('order', ASSIGNMENT_DUE_AFTER_AVAILABLE, function (values) {
  if (!values.availableDate) return true
  const available = `${values.availableDate}T${values.availableTime || '00:00'}`
  const due = `${values.dueDate}T${values.dueTime || '23:59'}`
  return due > available || this.createError({ path: 'dueDate', message: ASSIGNMENT_DUE_AFTER_AVAILABLE })
})

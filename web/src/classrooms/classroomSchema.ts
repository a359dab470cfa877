import { object, string } from 'yup'
import { PASSWORD_REQUIRED } from '../ui/messages'

// Spec section 5, word for word.
export const CLASSROOM_NAME_REQUIRED = 'Classroom name is required.'
export const CLASSROOM_CODE_REQUIRED = 'Classroom code is required.'
export const NO_CLASSROOMS = 'No classrooms yet!'
export const NO_STUDENTS = 'No students enrolled.'
export const STUDENT_PASSWORD_UPDATED = 'Password updated.'

export const classroomSchema = object({
  name: string().trim().required(CLASSROOM_NAME_REQUIRED),
  code: string().trim().required(CLASSROOM_CODE_REQUIRED),
})

export const studentPasswordSchema = object({
  password: string().required(PASSWORD_REQUIRED),
})

export function studentCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'student' : 'students'}`
}

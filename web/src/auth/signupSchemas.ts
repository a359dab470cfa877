import { object, string } from 'yup'
import { EMAIL_REQUIRED, PASSWORD_REQUIRED } from '../ui/messages'

export const CLASSROOM_CODE_MISSING = 'Enter the classroom code your teacher gave you.'
export const CLASSROOM_NOT_FOUND = 'No classroom found with that code.'

export const educatorSignupSchema = object({
  email: string().trim().required(EMAIL_REQUIRED),
  password: string().required(PASSWORD_REQUIRED),
})

export const studentSignupSchema = object({
  username: string().default(''),
  password: string().required(PASSWORD_REQUIRED),
  classroom: string().trim().required(CLASSROOM_CODE_MISSING),
})

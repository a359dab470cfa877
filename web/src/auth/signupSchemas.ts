import { object, string } from 'yup'
import en from '../i18n/locales/en.json'
import { EMAIL_REQUIRED, PASSWORD_REQUIRED } from '../ui/messages'

export const CLASSROOM_CODE_MISSING = en.messages.classroomCodeMissing

export const educatorSignupSchema = object({
  email: string().trim().required(EMAIL_REQUIRED),
  password: string().required(PASSWORD_REQUIRED),
})

export const studentSignupSchema = object({
  username: string().default(''),
  password: string().required(PASSWORD_REQUIRED),
  classroom: string().trim().required(CLASSROOM_CODE_MISSING),
})

import { object, string } from 'yup'
import en from '../i18n/locales/en.json'
import { PASSWORD_REQUIRED } from '../ui/messages'

// Spec section 5, word for word.
export const CLASSROOM_NAME_REQUIRED = en.messages.classroomNameRequired
export const CLASSROOM_CODE_REQUIRED = en.messages.classroomCodeRequired

export const classroomSchema = object({
  name: string().trim().required(CLASSROOM_NAME_REQUIRED),
  code: string().trim().required(CLASSROOM_CODE_REQUIRED),
})

export const studentPasswordSchema = object({
  password: string().required(PASSWORD_REQUIRED),
})

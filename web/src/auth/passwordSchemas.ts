import { object, ref, string } from 'yup'
import en from '../i18n/locales/en.json'
import { EMAIL_REQUIRED, PASSWORD_CONFIRMATION_REQUIRED, PASSWORD_REQUIRED, PASSWORDS_DO_NOT_MATCH } from '../ui/messages'

export const RESET_TOKEN_REQUIRED = en.messages.resetTokenRequired
export const PASSWORD_RESET_DONE = en.messages.passwordResetDone

export const forgotSchema = object({
  email: string().trim().required(EMAIL_REQUIRED),
})

export const resetTokenSchema = object({
  token: string().trim().required(RESET_TOKEN_REQUIRED),
})

/** Unlike the original (which compared the password with itself), the match is enforced. */
export const resetPasswordSchema = object({
  password: string().required(PASSWORD_REQUIRED),
  confirmPassword: string()
    .required(PASSWORD_CONFIRMATION_REQUIRED)
    .oneOf([ref('password')], PASSWORDS_DO_NOT_MATCH),
})

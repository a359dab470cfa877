import { object, ref, string } from 'yup'
import en from '../i18n/locales/en.json'
import { CURRENT_PASSWORD_REQUIRED, EMAIL_REQUIRED, PASSWORD_CONFIRMATION_REQUIRED, PASSWORD_REQUIRED, PASSWORDS_DO_NOT_MATCH } from '../ui/messages'

// Spec section 5, word for word (the notices after a save read en.json's messages where they are shown).
export const PASSWORD_AND_CONFIRMATION_MISMATCH = en.messages.passwordAndConfirmationMismatch

export const connectEmailSchema = object({
  email: string().trim().required(EMAIL_REQUIRED),
  password: string().required(PASSWORD_REQUIRED),
  confirmPassword: string()
    .required(PASSWORD_CONFIRMATION_REQUIRED)
    .oneOf([ref('password')], PASSWORD_AND_CONFIRMATION_MISMATCH),
})

const currentPassword = string().required(CURRENT_PASSWORD_REQUIRED)

export const updateEmailSchema = object({
  email: string().trim().required(EMAIL_REQUIRED),
  currentPassword,
})

export const updatePasswordSchema = object({
  currentPassword,
  password: string().required(PASSWORD_REQUIRED),
  confirmPassword: string()
    .required(PASSWORD_CONFIRMATION_REQUIRED)
    .oneOf([ref('password')], PASSWORDS_DO_NOT_MATCH),
})

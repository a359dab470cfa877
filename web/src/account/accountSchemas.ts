import { object, ref, string } from 'yup'
import en from '../i18n/locales/en.json'
import { CURRENT_PASSWORD_REQUIRED, EMAIL_REQUIRED, PASSWORD_CONFIRMATION_REQUIRED, PASSWORD_REQUIRED, PASSWORDS_DO_NOT_MATCH } from '../ui/messages'

// Spec sections 2, 5 and 8, word for word.
export const PASSWORD_AND_CONFIRMATION_MISMATCH = en.messages.passwordAndConfirmationMismatch
export const EMAIL_COPIED = en.messages.emailCopied
export const EMAIL_ADDED = en.messages.emailAdded
export const EMAIL_UPDATED = en.messages.emailUpdated
export const PASSWORD_UPDATED = en.messages.passwordUpdated
export const THEME_UPDATED = en.messages.themeUpdated

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

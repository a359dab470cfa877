import { object, ref, string } from 'yup'
import { CURRENT_PASSWORD_REQUIRED, EMAIL_REQUIRED, PASSWORD_CONFIRMATION_REQUIRED, PASSWORD_REQUIRED, PASSWORDS_DO_NOT_MATCH } from '../ui/messages'

// Spec sections 2, 5 and 8, word for word.
export const PASSWORD_AND_CONFIRMATION_MISMATCH = "Password and confirmation don't match"
export const EMAIL_COPIED = 'Email copied from your social media profile.'
export const EMAIL_ADDED = 'Email and password added to your account.'
export const EMAIL_UPDATED = 'Email successfully updated.'
export const PASSWORD_UPDATED = 'Password successfully updated.'
export const THEME_UPDATED = 'Theme settings updated.'

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

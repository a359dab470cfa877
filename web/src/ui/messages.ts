// Spec section 5 messages shared by more than one feature's forms (their words are in en.json, and
// the fields show them in the reader's language: i18n/messages.ts).
import en from '../i18n/locales/en.json'

export const EMAIL_REQUIRED = en.messages.emailRequired
export const PASSWORD_REQUIRED = en.messages.passwordRequired
export const PASSWORD_CONFIRMATION_REQUIRED = en.messages.passwordConfirmationRequired
export const PASSWORDS_DO_NOT_MATCH = en.messages.passwordsDoNotMatch

// Not in the spec: the current password that email and password changes need (docs/adr/current-password-for-login-changes.md).
export const CURRENT_PASSWORD_REQUIRED = en.messages.currentPasswordRequired

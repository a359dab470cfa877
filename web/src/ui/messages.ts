// Spec section 5 messages shared by more than one feature's forms.

export const EMAIL_REQUIRED = 'Email is required.'
export const PASSWORD_REQUIRED = 'Password is required.'
export const PASSWORD_CONFIRMATION_REQUIRED = 'Password confirmation is required.'
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.'

// Not in the spec: the current password that email and password changes need (docs/decisions.md).
export const CURRENT_PASSWORD_REQUIRED = 'Current password is required.'

/**
 * The account rules that both the server (every write path of the Users collection) and the web
 * app's forms apply, with the spec's messages (section 5) word for word. One copy, imported by both.
 */

export const passwordRule = { min: 8, max: 128 } as const

/** Generated student usernames (`brave-otter-417`) and any username staff set: never an email. */
export const usernamePattern = /^[a-z0-9](?:[a-z0-9_-]{1,38})[a-z0-9]$/

export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const accountRuleMessages = {
  usernameFormat: 'Usernames use 3 to 40 lower-case letters, digits, dashes or underscores.',
  emailFormat: 'Enter a valid email address.',
  passwordTooShort: `Password must be at least ${passwordRule.min} characters.`,
  passwordTooLong: `Password must be at most ${passwordRule.max} characters.`,
  currentPasswordRequired: 'Enter your current password to change your email or password.',
  currentPasswordWrong: 'Your current password is not correct.',
} as const

/** The message for a password that breaks the rule, or null when it holds. */
export const passwordProblem = (password: string): string | null => {
  if (password.length < passwordRule.min) return accountRuleMessages.passwordTooShort
  if (password.length > passwordRule.max) return accountRuleMessages.passwordTooLong
  return null
}

/** Constants of spec sections 3 and 9. */
export const educatorTypes = ['teacher', 'school', 'district', 'professor', 'parent', 'homeschool', 'other', 'independent'] as const
export const accountTypes = [...educatorTypes, 'student'] as const
export type AccountType = (typeof accountTypes)[number]

export const gradeOptions = [
  'Kindergarten',
  'First',
  'Second',
  'Third',
  'Fourth',
  'Fifth',
  'Sixth',
  'Seventh',
  'Eighth',
  'Ninth',
  'Tenth',
  'Eleventh',
  'Twelfth',
  'College/University',
  'Other',
] as const

export const subjectOptions = [
  'American Government',
  'American History',
  'Civics',
  'Fine Arts',
  'Economics',
  'Elementary Core Subjects',
  'Geography',
  'Language Arts',
  'Math',
  'Reading',
  'Science',
  'Other',
] as const

export const themes = ['ancient', 'behelit', 'civics', 'kitsune'] as const
export const modes = ['day', 'night'] as const

export const defaults = { mode: 'day', size: false, theme: 'civics', state: 'Florida', country: 'United States' } as const

export const socialProviders = ['google', 'facebook'] as const
export type SocialProvider = (typeof socialProviders)[number]

/** One way an account logs in, as the server derives it (a user's `providers`, spec section 3). */
/** `district`: a district sign-in, its username the district's key. */
export type LoginProvider = { provider: 'local' | 'username' | SocialProvider | 'district'; username: string }

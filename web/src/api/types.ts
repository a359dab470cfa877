// Data shapes of docs/api.md. Replace with imports from the Payload-generated
// `payload-types.ts` once the backend generates it (see docs/decisions.md, "Web app").

// Constants shared with the server: one source for both sides.
import type { Locale } from '../../../common/locales'
import { educatorTypes, themes } from '../../../collections/Users/options'
import { contentScopes } from '../../../access/scopes'

export const THEMES = themes
export type Theme = (typeof THEMES)[number]
export type Mode = 'day' | 'night'

export const EDUCATOR_TYPES = educatorTypes
export type EducatorType = (typeof EDUCATOR_TYPES)[number]
export type AccountType = EducatorType | 'student'

/** The spec's eight content scopes (section 2): any one shows the Console menu entry. */
export const STAFF_SCOPES = contentScopes

export interface School {
  id: number | string
  name: string
  district: string
  state?: string | null
  country?: string | null
}

export interface Provider {
  provider: 'local' | 'username' | 'google' | 'facebook' | string
  username: string | null
}

export interface UserAttributes {
  type?: AccountType | null
  firstName?: string | null
  lastName?: string | null
  position?: string | null
  district?: string | null
  state?: string | null
  country?: string | null
  school?: School | null
  certification?: string | null
  grades?: string[] | null
  subjects?: string[] | null
  classroom?: { id: number | string; name: string; code: string } | null
  completed?: boolean | null
}

export interface User {
  id: number | string
  email?: string | null
  username?: string | null
  scopes?: string[] | null
  attributes?: UserAttributes | null
  meta?: { oauthFirstName?: string | null; oauthLastName?: string | null; oauthEmail?: string | null } | null
  providers?: Provider[] | null
  /** False until the owner opens the confirmation link sent to `email`. */
  emailVerified?: boolean | null
  mode?: Mode | null
  size?: boolean | null
  theme?: Theme | null
  language?: Locale | null
}

/** Answer of login, signup and password reset. */
export interface SessionAnswer {
  message?: string
  user: User
  token?: string
  exp?: number
}

export interface UserAnswer {
  message?: string
  user: User
}

export interface Student {
  id: number | string
  username?: string | null
  firstName?: string | null
  lastName?: string | null
  providers?: Provider[] | null
}

export interface Classroom {
  id: number | string
  name: string
  code: string
  studentCount?: number
  students?: Student[]
}

export interface Media {
  id: number | string
  url?: string | null
  alt?: string | null
  filename?: string | null
}

export interface Join<T> {
  docs?: (T | number | string)[]
}

/** Content documents list the languages they have their own title in (English is always there). */
export interface Translatable {
  translatedLocales?: string[] | null
}

export interface Topic extends Translatable {
  id: number | string
  title: string
  content?: string | null
  order?: number | null
  thumbnail?: Media | number | string | null
  modules?: Join<Module> | null
}

export type ActivityType = 'links' | 'readings' | 'storyline' | 'video' | 'default' | 'other'
export type ActivityWidth = 'full' | 'half' | 'third'

export interface Activity extends Translatable {
  id: number | string
  title: string
  type?: ActivityType | null
  content?: string | null
  width?: ActivityWidth | null
  order?: number | null
  links?: { id?: string; text: string; path: string }[] | null
  readings?:
    | {
        id?: string
        text?: string | null
        path?: string | null
        files?: { id?: string; text?: string | null; file?: Media | number | string | null }[] | null
      }[]
    | null
  video?: string | null
  storylineUrl?: string | null
  storyline?: { standard?: Standard | null; launchFile?: string | null } | null
}

/** How a Storyline package reports: SCORM 1.2, SCORM 2004, xAPI, or not at all (Web publish). */
export type Standard = 'scorm12' | 'scorm2004' | 'xapi' | 'none'
export type AttemptStatus = 'not-attempted' | 'incomplete' | 'completed' | 'passed' | 'failed'

/** A student's record of one activity (docs/api.md, "Attempts"). */
export interface Attempt {
  id: number | string
  student: number | string
  activity: number | string
  status: AttemptStatus
  standard?: Standard | null
  score?: { raw?: number | null; min?: number | null; max?: number | null; scaled?: number | null } | null
  timeSpentSeconds?: number | null
  attemptCount?: number | null
  openCount?: number | null
  firstOpenedAt?: string | null
  lastOpenedAt?: string | null
  completedAt?: string | null
}

/** What POST /api/activities/:id/open answers for a Storyline package. */
export interface Launch {
  standard: Standard
  resume: boolean
  session: string | null
  launcherUrl: string
  contentOrigin: string
  packageUrl: string
  scorm?: { cmi: Record<string, string> }
}

export interface OpenAnswer {
  attempt: Attempt
  launch: Launch | null
}

export interface Module extends Translatable {
  id: number | string
  title: string
  subtitle?: string | null
  content?: string | null
  order?: number | null
  topic?: Topic | number | string | null
  thumbnail?: Media | number | string | null
  activities?: Join<Activity> | null
}

export interface Page extends Translatable {
  id: number | string
  slug: string
  title: string
  content?: { markdown?: string | null; html?: string | null; template?: string | null } | null
}

export interface Region {
  name: string
  shortCode?: string | null
}

export interface Country {
  countryName: string
  countryShortCode: string
  regions: Region[]
}

export interface Paginated<T> {
  docs: T[]
  totalDocs?: number
}

/** Keeps the populated documents of a join or relationship, dropping bare ids. */
export function populated<T extends object>(items: (T | number | string)[] | null | undefined): T[] {
  return (items ?? []).filter((item): item is T => typeof item === 'object' && item !== null)
}

export function asObject<T extends object>(value: T | number | string | null | undefined): T | null {
  return typeof value === 'object' && value !== null ? value : null
}

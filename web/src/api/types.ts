// Data shapes of docs/api.md. Every field's type comes from the Payload-generated
// `cms/payload-types.ts` (imported type-only, so nothing of the server reaches the bundle): renaming
// or retyping a collection field fails the web type check here. Relations are written as the API
// sends them (populated to the depth each endpoint asks for), and ids as numbers or strings
// because routes and forms carry them as strings.
import type * as Generated from '../../../cms/payload-types'

// Constants shared with the server: one source for both sides.
import type { Locale } from '../../../common/locales'
import type { PackageStorage } from '../../../common/packageStorage'
import { educatorTypes, themes, type LoginProvider } from '../../../common/userOptions'
import { contentScopes } from '../../../common/scopes'

export type { ActivityType, ActivityWidth } from '../../../common/activityOptions'

type Id = number | string

export const THEMES = themes
export type Theme = Generated.User['theme']
export type Mode = Generated.User['mode']

export const EDUCATOR_TYPES = educatorTypes
export type EducatorType = (typeof EDUCATOR_TYPES)[number]
export type AccountType = NonNullable<NonNullable<Generated.User['attributes']>['type']>

/** The spec's eight content scopes (section 2): any one shows the Console menu entry. */
export const STAFF_SCOPES = contentScopes

type GeneratedAttributes = NonNullable<Generated.User['attributes']>

export interface School {
  id: Id
  name: Generated.School['name']
  district: Generated.School['district']
  state?: Generated.School['state']
  country?: Generated.School['country']
}

export type Provider = LoginProvider

export interface UserAttributes {
  type?: GeneratedAttributes['type']
  firstName?: GeneratedAttributes['firstName']
  lastName?: GeneratedAttributes['lastName']
  position?: GeneratedAttributes['position']
  district?: GeneratedAttributes['district']
  state?: GeneratedAttributes['state']
  country?: GeneratedAttributes['country']
  school?: School | null
  certification?: GeneratedAttributes['certification']
  grades?: string[] | null
  subjects?: string[] | null
  classroom?: { id: Id; name: Generated.Classroom['name']; code: Generated.Classroom['code'] } | null
  completed?: GeneratedAttributes['completed']
}

export interface User {
  id: Id
  email?: Generated.User['email']
  username?: Generated.User['username']
  scopes?: string[] | null
  attributes?: UserAttributes | null
  meta?: Generated.User['meta'] | null
  providers?: Provider[] | null
  /** False until the owner opens the confirmation link sent to `email`. */
  emailVerified?: Generated.User['emailVerified']
  mode?: Mode | null
  size?: Generated.User['size']
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
  id: Id
  username?: Generated.User['username']
  firstName?: GeneratedAttributes['firstName']
  lastName?: GeneratedAttributes['lastName']
  providers?: Provider[] | null
}

export interface Classroom {
  id: Id
  name: Generated.Classroom['name']
  code: Generated.Classroom['code']
  /** Where the school is: its assignments' times are read and shown on this clock. */
  timeZone?: string
  studentCount?: number
  students?: Student[]
  /** When the teacher archived it; null while in use. */
  archivedAt?: string | null
}

/** Payload's image sizes (collections/Media): `card` is 640 × 360. */
export type MediaSize = Pick<Generated.Media, 'url' | 'width' | 'height'>

export interface Media extends MediaSize {
  id: Id
  alt?: Generated.Media['alt']
  filename?: Generated.Media['filename']
  sizes?: { card?: MediaSize | null } | null
}

export interface Join<T> {
  docs?: (T | Id)[]
}

/**
 * Content documents list the languages they have their own title in (English is always there).
 * Titles are optional per language in the schema (collections' requiredInEnglish) but the API
 * always sends one: the reader's language or its English fallback.
 */
export interface Translatable {
  translatedLocales?: string[] | null
}

export interface Topic extends Translatable {
  id: Id
  title: NonNullable<Generated.Topic['title']>
  content?: Generated.Topic['content']
  order?: Generated.Topic['order'] | null
  thumbnail?: Media | Id | null
  modules?: Join<Module> | null
}

type GeneratedReading = NonNullable<Generated.Activity['readings']>[number]
type GeneratedStoryline = NonNullable<Generated.Activity['storyline']>

export interface Activity extends Translatable {
  id: Id
  title: NonNullable<Generated.Activity['title']>
  type?: Generated.Activity['type'] | null
  content?: Generated.Activity['content']
  width?: Generated.Activity['width'] | null
  order?: Generated.Activity['order'] | null
  links?: { id?: string; text: string; path: string }[] | null
  readings?:
    | {
        id?: string
        text?: GeneratedReading['text'] | null
        path?: GeneratedReading['path']
        files?: { id?: string; text?: string | null; file?: Media | Id | null }[] | null
      }[]
    | null
  video?: Generated.Activity['video']
  storylineUrl?: Generated.Activity['storylineUrl']
  storyline?: { standard?: Standard | null; launchFile?: GeneratedStoryline['launchFile'] } | null
}

/** How a Storyline package reports: SCORM 1.2, SCORM 2004, xAPI, or not at all (Web publish). */
export type Standard = NonNullable<GeneratedStoryline['standard']>
export type AttemptStatus = Generated.Attempt['status']

/** A student's record of one activity (docs/api.md, "Attempts"). */
export interface Attempt {
  id: Id
  student: Id
  activity: Id
  status: AttemptStatus
  standard?: Standard | null
  score?: Generated.Attempt['score'] | null
  timeSpentSeconds?: Generated.Attempt['timeSpentSeconds'] | null
  attemptCount?: Generated.Attempt['attemptCount'] | null
  openCount?: Generated.Attempt['openCount'] | null
  firstOpenedAt?: Generated.Attempt['firstOpenedAt']
  lastOpenedAt?: Generated.Attempt['lastOpenedAt']
  completedAt?: Generated.Attempt['completedAt']
}

/** GET /api/users/:id/home: a student's class and the activity they opened last. */
export interface StudentHome {
  classroom: { id: Id; name: Generated.Classroom['name']; teacher: string | null } | null
  lastActivity: {
    id: Id
    title: Generated.Activity['title']
    type: Generated.Activity['type'] | null
    module: { id: Id; title: Generated.Module['title'] | null }
    status: AttemptStatus
    score: Generated.Attempt['score'] | null
    lastOpenedAt: Generated.Attempt['lastOpenedAt'] | null
  } | null
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
  /** The package's cookies and localStorage, kept on the attempt (common/packageStorage.ts). */
  storage?: PackageStorage
}

/** `attempt` is null for a teacher or staff member: only students' opens are recorded. */
export interface OpenAnswer {
  attempt: Attempt | null
  launch: Launch | null
}

export interface Module extends Translatable {
  id: Id
  title: NonNullable<Generated.Module['title']>
  subtitle?: Generated.Module['subtitle']
  content?: Generated.Module['content']
  order?: Generated.Module['order'] | null
  topic?: Topic | Id | null
  thumbnail?: Media | Id | null
  activities?: Join<Activity> | null
}

export interface Page extends Translatable {
  id: Id
  slug: Generated.Page['slug']
  title: NonNullable<Generated.Page['title']>
  content?: Partial<Generated.Page['content']> | null
}

export interface Region {
  name: string
  shortCode?: string | null
}

export interface Country {
  countryName: Generated.Country['countryName']
  countryShortCode: Generated.Country['countryShortCode']
  regions: Region[]
}

export interface Paginated<T> {
  docs: T[]
  totalDocs?: number
}

/** Keeps the populated documents of a join or relationship, dropping bare ids. */
export function populated<T extends object>(items: (T | Id)[] | null | undefined): T[] {
  return (items ?? []).filter((item): item is T => typeof item === 'object' && item !== null)
}

export function asObject<T extends object>(value: T | Id | null | undefined): T | null {
  return typeof value === 'object' && value !== null ? value : null
}

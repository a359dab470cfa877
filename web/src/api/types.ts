// Data shapes of docs/api.md. A collection's document is a pick of the Payload-generated
// `cms/payload-types.ts` (imported type-only, so nothing of the server reaches the bundle): renaming
// or retyping a collection field fails the web type check here. Relations are written as the API
// sends them (populated to the depth each call asks for) with `Populated`. The answers of custom
// endpoints are typed once in `common/answers/`, where the endpoint that sends them uses them too.
import type * as Generated from '../../../cms/payload-types'

// Constants shared with the server: one source for both sides.
import type { PublicUser } from '../../../common/answers/account'
import type { ClassroomAnswer, ClassroomStudent } from '../../../common/answers/classrooms'
import type { Launch } from '../../../common/answers/launch'
import { educatorTypes, themes, type LoginProvider } from '../../../common/userOptions'
import { contentScopes } from '../../../common/scopes'

export type { ActivityType, ActivityWidth } from '../../../common/activityOptions'
export type { SessionAnswer, UserAnswer, UsernameAnswer } from '../../../common/answers/account'
export type { StudentHome } from '../../../common/answers/home'
export type { ClassroomList } from '../../../common/answers/classrooms'
export type { Launch } from '../../../common/answers/launch'

/** An id as routes and forms carry it (a string) or as the API sends it (a number). */
type Id = number | string

/**
 * A document whose relation fields `K` arrive as `R` (the related document, or the part of it the
 * endpoint populates) where the generated type says "an id or the whole document"; an id, null or
 * absent stay as the generated type allows.
 */
export type Populated<T, K extends keyof T, R> = { [P in keyof T]: P extends K ? Exclude<T[P], object> | R : T[P] }

export const THEMES = themes
export type Theme = Generated.User['theme']
export type Mode = Generated.User['mode']

export const EDUCATOR_TYPES = educatorTypes
export type EducatorType = (typeof EDUCATOR_TYPES)[number]
export type AccountType = NonNullable<NonNullable<Generated.User['attributes']>['type']>

/** The spec's eight content scopes (section 2): any one shows the Console menu entry. */
export const STAFF_SCOPES = contentScopes

export type School = Pick<Generated.School, 'id' | 'name' | 'district' | 'state' | 'country'>

export type Provider = LoginProvider

/** The signed-in account (GET /api/users/me and every answer that carries `user`). */
export type User = PublicUser
export type UserAttributes = PublicUser['attributes']

/** A student on a classroom's roster, as its teacher sees them. */
export type Student = ClassroomStudent
export type Classroom = ClassroomAnswer

/** Payload's image sizes (collections/Media): `card` is 640 × 360. */
export type MediaSize = Pick<Generated.Media, 'url' | 'width' | 'height'>

export type Media = Pick<Generated.Media, 'id' | 'alt' | 'filename' | 'url' | 'width' | 'height'> & { sizes?: { card?: MediaSize | null } | null }

/** A join field as the API sends it: the documents where populated, their ids where not. */
export interface Join<T> {
  docs?: (T | number)[]
}

/**
 * Content documents list the languages they have their own title in (English is always there).
 * The generated type calls this JSON field `unknown`; the collections' hook writes locale codes.
 */
export interface Translatable {
  translatedLocales?: string[] | null
}

/**
 * A content document as the API sends it: the title is optional per language in the schema
 * (collections' requiredInEnglish) but the API always sends one, the reader's language or its
 * English fallback.
 */
export type Translated<T extends { translatedLocales?: unknown; title?: string | null }> = Omit<T, 'translatedLocales' | 'title'> & {
  title: NonNullable<T['title']>
} & Translatable

export type Topic = Translated<
  Populated<
    Populated<Pick<Generated.Topic, 'id' | 'title' | 'translatedLocales' | 'content' | 'order' | 'thumbnail' | 'modules'>, 'thumbnail', Media>,
    'modules',
    Join<Module> | null
  >
>

/** How a Storyline package reports: SCORM 1.2, SCORM 2004, xAPI, or not at all (Web publish). */
export type Standard = NonNullable<NonNullable<Generated.Activity['storyline']>['standard']>

type GeneratedReading = NonNullable<Generated.Activity['readings']>[number]
type GeneratedReadingFile = NonNullable<GeneratedReading['files']>[number]

/** A reading with its files populated. */
export type Reading = Omit<GeneratedReading, 'files'> & { files?: Populated<GeneratedReadingFile, 'file', Media>[] | null }

export type Activity = Translated<
  Pick<Generated.Activity, 'id' | 'title' | 'translatedLocales' | 'type' | 'content' | 'width' | 'order' | 'links' | 'video' | 'storylineUrl'> & {
    readings?: Reading[] | null
    storyline?: Pick<NonNullable<Generated.Activity['storyline']>, 'standard' | 'launchFile'> | null
    benchmarks?: (Benchmark | Id)[] | null
  }
>

export type AttemptStatus = Generated.Attempt['status']

/**
 * A student's record of one activity (docs/api.md, "Attempts"), its relations as ids: the fields a
 * module page's list selects (keys.attempts), and the others where the open and done answers send
 * the whole record.
 */
export type Attempt = Populated<
  Pick<Generated.Attempt, 'id' | 'student' | 'activity' | 'status' | 'score' | 'openCount' | 'lastOpenedAt'> &
    Partial<Pick<Generated.Attempt, 'standard' | 'timeSpentSeconds' | 'attemptCount' | 'firstOpenedAt' | 'completedAt'>>,
  'student' | 'activity',
  never
>

/** `attempt` is null for a teacher or staff member: only students' opens are recorded. */
export interface OpenAnswer {
  attempt: Attempt | null
  launch: Launch | null
}

export type Module = Translated<
  Populated<
    Populated<
      Populated<
        Pick<Generated.Module, 'id' | 'title' | 'translatedLocales' | 'subtitle' | 'content' | 'order' | 'topic' | 'thumbnail' | 'activities'>,
        'topic',
        Topic
      >,
      'thumbnail',
      Media
    >,
    'activities',
    Join<Activity> | null
  > & { benchmarks?: (Benchmark | Id)[] | null }
>

/** A Florida benchmark as the public reads it (GET /api/benchmarks, or tagged on a module). */
export type Benchmark = Pick<Generated.Benchmark, 'id' | 'code' | 'framework'> & Partial<Pick<Generated.Benchmark, 'statement' | 'reportingCategory'>>

/** An outside host a package tried to reach (GET /api/blocked-requests, staff who edit activities). */
export type BlockedRequest = Pick<Generated.BlockedRequest, 'id' | 'host' | 'directive' | 'count' | 'lastSeen'>

export type Page = Translated<Pick<Generated.Page, 'id' | 'slug' | 'title' | 'translatedLocales'>> & { content?: Partial<Generated.Page['content']> | null }

/** A country's states or provinces; the generated type calls this JSON field `unknown`. */
export interface Region {
  name: string
  shortCode?: string | null
}

export type Country = Pick<Generated.Country, 'countryName' | 'countryShortCode'> & { regions: Region[] }

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

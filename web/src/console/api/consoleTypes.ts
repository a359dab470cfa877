// The console reads fields the public screens do not (markdown, timestamps, storyline package
// info, tickets, whole accounts): each document is a pick of the generated `cms/payload-types.ts`,
// added to the public shape of api/types.ts where there is one.
import type * as Generated from '../../../../cms/payload-types'
import type { LoginProvider } from '../../../../common/userOptions'
import type { Activity, Media, Module, Page, Populated, School, Topic, Translated } from '../../api/types'

type Stamped<T extends { createdAt: string; updatedAt: string }> = Pick<T, 'createdAt' | 'updatedAt'>

export type TopicDoc = Topic & Stamped<Generated.Topic> & Pick<Generated.Topic, 'markdown'>

export type ModuleDoc = Module & Stamped<Generated.Module> & Pick<Generated.Module, 'markdown'>

/** Found in the package on upload: its files, how it reports, and the file a student opens. */
export type StorylinePackage = Pick<
  NonNullable<Generated.Activity['storyline']>,
  'filename' | 'fileCount' | 'totalBytes' | 'uploadedAt' | 'standard' | 'launchFile'
>

export type ActivityDoc = Omit<Activity, 'storyline'> &
  Stamped<Generated.Activity> &
  Pick<Generated.Activity, 'markdown' | 'allowedHosts'> & {
    module?: ModuleDoc | number | null
    storyline?: StorylinePackage | null
  }

export type PageDoc = Page & Stamped<Generated.Page>

export type PostDoc = Translated<Pick<Generated.Post, 'id' | 'title' | 'translatedLocales' | 'markdown' | 'content' | 'createdAt' | 'updatedAt'>>

type UserAttributesDoc = Populated<NonNullable<Generated.User['attributes']>, 'school', School>

/** An account as Payload's REST API sends it to users:read staff (the Users collection hides the rest). */
export type UserDoc = Pick<
  Generated.User,
  'id' | 'email' | 'username' | 'displayName' | 'scopes' | 'meta' | 'emailVerified' | 'mode' | 'size' | 'theme' | 'language' | 'createdAt' | 'updatedAt'
> & {
  attributes?: UserAttributesDoc
  /** A virtual field: the ways the account logs in, made from its username, email and identities. */
  providers?: LoginProvider[] | null
}

export type TicketStatus = Generated.Ticket['status']

export type TicketDoc = Populated<
  Pick<Generated.Ticket, 'id' | 'type' | 'name' | 'email' | 'subject' | 'message' | 'status' | 'user' | 'createdAt' | 'updatedAt'>,
  'user',
  UserDoc
>

export function mediaOf(value: Media | number | string | null | undefined): Media | null {
  return typeof value === 'object' && value !== null ? value : null
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return ''
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString()
}

// The console reads fields the public screens do not (markdown, timestamps, storyline package
// info, tickets), so it extends the shared shapes of api/types.ts rather than copying them.
import type { Activity, Media, Module, Page, Topic, User, Standard } from '../../api/types'

interface Stamped {
  createdAt?: string
  updatedAt?: string
}

export type TopicDoc = Topic & Stamped & { markdown?: string | null }

export type ModuleDoc = Module & Stamped & { markdown?: string | null }

export interface StorylinePackage {
  filename?: string | null
  fileCount?: number | null
  totalBytes?: number | null
  uploadedAt?: string | null
  /** Found in the package on upload: how it reports, and the file a student opens. */
  standard?: Standard | null
  launchFile?: string | null
}

export type ActivityDoc = Activity &
  Stamped & {
    markdown?: string | null
    module?: ModuleDoc | number | string | null
    storyline?: StorylinePackage | null
  }

export type PageDoc = Page & Stamped

export interface PostDoc extends Stamped {
  id: number | string
  title: string
  markdown?: string | null
  content?: string | null
}

export type UserDoc = User & Stamped & { displayName?: string | null }

export type TicketStatus = 'open' | 'closed'

export interface TicketDoc extends Stamped {
  id: number | string
  type: 'contact' | 'help' | 'independent-student'
  name: string
  email: string
  subject: string
  message: string
  status: TicketStatus
  user?: UserDoc | number | string | null
}

export function mediaOf(value: Media | number | string | null | undefined): Media | null {
  return typeof value === 'object' && value !== null ? value : null
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return ''
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString()
}

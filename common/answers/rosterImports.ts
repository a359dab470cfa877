/**
 * The answers of the roster import routes (collections/RosterImports/endpoints/rosterImports.ts),
 * read by the console's import screen. Written once here for both sides.
 */

/** A district key: the same key a district's sign-in settings carry (common/districtSignIn.ts). */
export { districtKeyPattern } from '../districtSignIn'

/** The OneRoster files an import reads; the manifest says which are there, and whether bulk or delta. */
export const rosterFiles = ['orgs.csv', 'users.csv', 'classes.csv', 'enrollments.csv', 'academicSessions.csv'] as const
export type RosterFile = (typeof rosterFiles)[number] | 'manifest.csv' | 'roles.csv'

/** A row of the files that could not be read, with where it is. */
export type RosterRowError = { file: string; line: number; message: string }

export type RosterChangeKind = 'school' | 'classroom' | 'teacher' | 'student'
/**
 * create / update: a record made or changed; link: an existing account with the teacher's confirmed
 * email gets the district's id; join: a student goes into a classroom; remove: a student leaves a
 * classroom (a `tobedeleted` row, or a bulk file that no longer lists them); archive: a classroom
 * whose class is `tobedeleted`; skip: a row read but not applied, with why.
 */
export type RosterChangeAction = 'create' | 'update' | 'link' | 'join' | 'remove' | 'archive' | 'skip'

export type RosterChange = {
  file: string
  line: number
  kind: RosterChangeKind
  action: RosterChangeAction
  sourcedId: string
  name: string
  /** The classroom a join or remove is about, or why a row is skipped. */
  detail?: string
}

export type RosterCounts = Record<RosterChangeKind, Partial<Record<RosterChangeAction, number>>>

/** A school whose existing accounts the import would change, and whether that is more than half. */
export type RosterSchoolShare = { sourcedId: string; name: string; accounts: number; changed: number; overHalf: boolean }

export type RosterPreview = {
  counts: RosterCounts
  /** The rows that change something (the first `rowLimit`), then `moreRows` not listed. */
  changes: RosterChange[]
  moreRows: number
  schools: RosterSchoolShare[]
  /** True when some school would see more than half of its accounts changed: the import then needs a second confirmation. */
  needsConfirmation: boolean
}

export type RosterImportAnswer = {
  message: string
  id: number
  district: string
  fileName: string
  status: 'previewed' | 'imported'
  preview: RosterPreview
}

/**
 * Assignments (work a teacher hands out with a due time), as both sides read them: the states, the
 * rule that makes an item done, the default time zone and due time, and the API's shapes.
 * Google Classroom's words (draft/published, scheduled, due, missing, late) so that a sync maps one to one.
 */
import type { AttemptStatusOrNone, Id, RosterStudent } from './progress'

/** A classroom's time zone until its teacher picks another: most of Florida is Eastern (the panhandle is Central). */
export const DEFAULT_TIME_ZONE = 'America/New_York'
/** A due date given without a time is due at 11:59 pm in the classroom's time zone. */
export const DEFAULT_DUE_TIME = '23:59'

export const assignmentStates = ['draft', 'published'] as const
export type AssignmentState = (typeof assignmentStates)[number]

/**
 * Where a student stands on an assignment: `todo` (not done, not yet due), `missing` (past due and
 * not done), `done` (every item done by the due time), `late` (every item done, the last after it).
 */
export const workStatuses = ['todo', 'missing', 'done', 'late'] as const
export type WorkStatus = (typeof workStatuses)[number]

/** English words of the CSV export; the SPA shows `assignments.status.*` in the reader's language. */
export const workStatusLabels: Record<WorkStatus, string> = { todo: 'To do', missing: 'Missing', done: 'Done', late: 'Done late' }

/**
 * An item of an assignment is done when its attempt says so: a quiz completed or passed (a failed
 * quiz is still to do: the student may try again), a reading or content marked done by the student
 * (`completed`). Stricter than the grid's "finished" (common/progress `isDone`), which counts a
 * failed quiz as finished work.
 */
export const completesItem = (status: AttemptStatusOrNone | undefined) => status === 'completed' || status === 'passed'

export type ItemProgress = { status: AttemptStatusOrNone; completedAt: string | null }

/**
 * A student's status on an assignment from their items' attempts: done when every item is, at the
 * time of the last item finished (late when after `dueAt`); else missing once `now` is past `dueAt`.
 */
export const workStatusOf = (items: ItemProgress[], dueAt: string, now: Date): { status: WorkStatus; doneAt: string | null } => {
  const due = Date.parse(dueAt)
  if (items.length > 0 && items.every((item) => completesItem(item.status))) {
    const times = items.map((item) => (item.completedAt ? Date.parse(item.completedAt) : NaN)).filter((t) => !Number.isNaN(t))
    const doneAt = times.length ? new Date(Math.max(...times)).toISOString() : null
    return { status: doneAt && Date.parse(doneAt) > due ? 'late' : 'done', doneAt }
  }
  return { status: now.getTime() > due ? 'missing' : 'todo', doneAt: null }
}

/** One student's later due time. */
export type Extension = { student: Id; dueAt: string }

/** An assignment as the API answers it; `students` empty means the whole classroom. */
export type AssignmentData = {
  id: Id
  classroom: Id
  title: string
  instructions: string
  state: AssignmentState
  availableFrom: string | null
  dueAt: string
  modules: Id[]
  activities: Id[]
  students: Id[]
  extensions: Extension[]
  createdAt: string
  updatedAt: string
}

export type WorkCounts = { assigned: number; todo: number; done: number; late: number; missing: number }

/** GET /api/assignments?classroom=:id */
export type ClassroomAssignments = {
  classroom: { id: Id; name: string; timeZone: string }
  now: string
  assignments: (AssignmentData & { counts: WorkCounts })[]
}

export type AssignmentItem = { activity: Id; title: string; type: string; module: Id; moduleTitle: string }
export type ItemResult = { activity: Id; status: AttemptStatusOrNone; done: boolean; score: number | null; completedAt: string | null }

/** GET /api/assignments/:id/report: one row per assigned student. */
export type AssignmentReport = {
  classroom: { id: Id; name: string; timeZone: string }
  now: string
  assignment: AssignmentData
  items: AssignmentItem[]
  students: (RosterStudent & { status: WorkStatus; dueAt: string; doneAt: string | null; score: number | null; items: ItemResult[] })[]
}

/** GET /api/assignments/mine: the signed-in student's assignments that are open to them, by due time. */
export type MyAssignments = {
  timeZone: string
  now: string
  assignments: {
    id: Id
    title: string
    instructions: string
    availableFrom: string | null
    dueAt: string
    status: WorkStatus
    doneAt: string | null
    items: (AssignmentItem & ItemResult)[]
  }[]
}

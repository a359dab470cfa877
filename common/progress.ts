/**
 * What a teacher reads of an attempt, shared by the server (CSV export) and the web app (grid,
 * student page), so both name a state and a score the same way.
 */

/** An attempt's stored status, or none when the student never opened the activity. */
export type AttemptStatusOrNone = 'not-attempted' | 'incomplete' | 'completed' | 'passed' | 'failed' | null

/**
 * Each state's symbol and English word: readable without colour (the grid shows the word or its
 * symbol). The CSV export writes these English labels; the SPA shows `classrooms.progress.states.*`
 * from the catalogues, in the reader's language.
 */
export const progressStates = {
  'not-started': { label: 'Not started', symbol: '–' },
  opened: { label: 'Opened', symbol: 'O' },
  'in-progress': { label: 'In progress', symbol: '…' },
  completed: { label: 'Completed', symbol: '✓' },
  passed: { label: 'Passed', symbol: 'P' },
  failed: { label: 'Failed', symbol: 'F' },
} as const

export type ProgressState = keyof typeof progressStates

export const progressState = (status: AttemptStatusOrNone | undefined): ProgressState => {
  switch (status) {
    case 'not-attempted':
      return 'opened'
    case 'incomplete':
      return 'in-progress'
    case 'completed':
    case 'passed':
    case 'failed':
      return status
    default:
      return 'not-started'
  }
}

/** An activity counts as done for completion figures once it is completed, passed or failed. */
export const isDone = (state: ProgressState) => state === 'completed' || state === 'passed' || state === 'failed'

type Score = { raw?: number | null; min?: number | null; max?: number | null; scaled?: number | null } | null | undefined

/** A score as a whole percentage: `scaled` when the package reported it, else raw out of max. */
export const scorePercent = (score: Score): number | null => {
  if (!score) return null
  if (typeof score.scaled === 'number') return Math.round(score.scaled * 100)
  if (typeof score.raw === 'number' && typeof score.max === 'number' && score.max > (score.min ?? 0)) {
    return Math.round(((score.raw - (score.min ?? 0)) / (score.max - (score.min ?? 0))) * 100)
  }
  return typeof score.raw === 'number' ? Math.round(score.raw) : null
}

// The shapes of GET /api/activities/columns, GET /api/classrooms/:id/progress and GET /api/classrooms/:id/students/:studentId/progress.
export type Id = number | string
export type ActivityColumn = { id: Id; title: string; type: string }
export type ModuleColumns = { id: Id; title: string; activities: ActivityColumn[] }
/** GET /api/activities/columns answers a list of these: the grid's columns, in the site's order. */
export type TopicColumns = { id: Id; title: string; modules: ModuleColumns[] }
/**
 * `firstName` is the name the Students table shows: the student's own first name, else the roster
 * name the teacher typed (never shown to students); `lastName` the student's own, where given.
 */
export type RosterStudent = { id: Id; username: string | null; firstName: string | null; lastName?: string | null }
/**
 * One attempt in the grid; `score` is a whole percentage. Activities never opened have none.
 * `lastOpenedAt` and `completedAt` only where asked for (the CSV export, assignments): the grid itself does not show them.
 */
export type GridCell = {
  student: Id
  activity: Id
  status: AttemptStatusOrNone
  score: number | null
  lastOpenedAt?: string | null
  completedAt?: string | null
}
export type ClassroomRef = { id: Id; name: string; code: string }
/** The grid's rows and cells; its columns are GET /api/activities/columns (the same for every classroom). */
export type ClassroomProgress = { classroom: ClassroomRef; students: RosterStudent[]; attempts: GridCell[] }
export type StudentAttempt = {
  activity: Id
  status: AttemptStatusOrNone
  score: Score
  attemptCount: number
  openCount: number
  timeSpentSeconds: number
  firstOpenedAt: string | null
  lastOpenedAt: string | null
  completedAt: string | null
}
/** One student's rows; the page reads its columns from GET /api/activities/columns, as the grid does. */
export type StudentProgress = { classroom: ClassroomRef; student: RosterStudent; attempts: StudentAttempt[] }
/** POST /api/classrooms/:id/students and POST …/students/:studentId/password: shown once, for the login cards. */
export type NewLogin = { id: Id; username: string; password: string; firstName: string | null }

type Named = { firstName?: string | null; lastName?: string | null; username?: string | null }

/** A student's name as the teacher reads it: first name, then last name, else nothing. */
export const studentName = (student: Named) => [student.firstName, student.lastName].filter(Boolean).join(' ')

/**
 * The order of the Students table and the progress grid: by name (as a person reads it: case and
 * accents aside), the students without one after those with one, then by username.
 */
export const byStudentName = (a: Named, b: Named) => {
  const [nameA, nameB] = [studentName(a), studentName(b)]
  if (!nameA !== !nameB) return nameA ? -1 : 1
  return nameA.localeCompare(nameB, 'en', { sensitivity: 'base', numeric: true }) || (a.username ?? '').localeCompare(b.username ?? '', 'en', { numeric: true })
}

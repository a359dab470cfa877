import type { PayloadRequest } from 'payload'

import {
  type AssignmentData,
  type AssignmentItem,
  type AssignmentState,
  completesItem,
  DEFAULT_TIME_ZONE,
  type ItemResult,
  type WorkCounts,
  workStatusOf,
} from '../../common/assignments'
import type { GridCell, Id, RosterStudent, TopicColumns } from '../../common/progress'
import { activityColumns } from '@cms/attempts/grid'
import type { Assignment, Classroom } from '../../cms/payload-types'

const idOf = (value: unknown): Id => (value && typeof value === 'object' ? (value as { id: Id }).id : (value as Id))
const isoOf = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null)

/** An assignment document as the API answers it. */
export const assignmentData = (doc: Assignment): AssignmentData => ({
  id: doc.id,
  classroom: idOf(doc.classroom),
  title: doc.title,
  instructions: doc.instructions ?? '',
  state: (doc.state ?? 'published') as AssignmentState,
  availableFrom: isoOf(doc.availableFrom),
  dueAt: new Date(doc.dueAt).toISOString(),
  modules: (doc.modules ?? []).map(idOf),
  activities: (doc.activities ?? []).map(idOf),
  students: (doc.students ?? []).map(idOf),
  // A deleted student's extension stays behind without its student: it extends nobody's time.
  extensions: (doc.extensions ?? []).filter((e) => e.student).map((e) => ({ student: idOf(e.student), dueAt: new Date(e.dueAt).toISOString() })),
  createdAt: doc.createdAt,
  updatedAt: doc.updatedAt,
})

export const timeZoneOf = (classroom: Pick<Classroom, 'timeZone'>) => classroom.timeZone || DEFAULT_TIME_ZONE

/** The site's modules and activities in the reader's language (the grid's cached columns), by id. */
export type Catalogue = { modules: Map<string, AssignmentItem[]>; activities: Map<string, AssignmentItem> }

export const catalogueFrom = (topics: TopicColumns[]): Catalogue => {
  const modules = new Map<string, AssignmentItem[]>()
  const activities = new Map<string, AssignmentItem>()
  for (const topic of topics) {
    for (const module of topic.modules) {
      const items = module.activities.map((a) => ({ activity: a.id, title: a.title, type: a.type, module: module.id, moduleTitle: module.title }))
      modules.set(String(module.id), items)
      for (const item of items) activities.set(String(item.activity), item)
    }
  }
  return { modules, activities }
}

export const readCatalogue = async (req: PayloadRequest) => catalogueFrom(await activityColumns(req))

/**
 * What a student has to do: every activity of each module (as the module holds them now), then the
 * single activities, each once, in that order.
 */
export const itemsOf = (assignment: AssignmentData, catalogue: Catalogue): AssignmentItem[] => {
  const items = new Map<string, AssignmentItem>()
  for (const module of assignment.modules) for (const item of catalogue.modules.get(String(module)) ?? []) items.set(String(item.activity), item)
  for (const activity of assignment.activities) {
    const item = catalogue.activities.get(String(activity))
    if (item && !items.has(String(activity))) items.set(String(activity), item)
  }
  return [...items.values()]
}

/** The students given the assignment among the classroom's: all of them, or those it names. */
export const assignedStudents = <S extends { id: Id }>(assignment: AssignmentData, roster: S[]): S[] => {
  if (!assignment.students.length) return roster
  const chosen = new Set(assignment.students.map(String))
  return roster.filter((s) => chosen.has(String(s.id)))
}

export const isAssigned = (assignment: AssignmentData, student: Id) =>
  !assignment.students.length || assignment.students.some((s) => String(s) === String(student))

/** The student's due time: their extension's, else the assignment's. */
export const dueFor = (assignment: AssignmentData, student: Id) =>
  assignment.extensions.find((e) => String(e.student) === String(student))?.dueAt ?? assignment.dueAt

/** Students see an assignment once it is published and its "available from" time has come. */
export const isOpenToStudents = (assignment: AssignmentData, now: Date) =>
  assignment.state === 'published' && (!assignment.availableFrom || Date.parse(assignment.availableFrom) <= now.getTime())

type Cell = Pick<GridCell, 'status' | 'score' | 'completedAt'>

/** One student's results on the items, from their attempts keyed by activity id. */
export const studentWork = (assignment: AssignmentData, items: AssignmentItem[], student: Id, attempts: Map<string, Cell>, now: Date) => {
  const results: ItemResult[] = items.map((item) => {
    const cell = attempts.get(String(item.activity))
    return {
      activity: item.activity,
      status: cell?.status ?? null,
      done: completesItem(cell?.status),
      score: cell?.score ?? null,
      completedAt: cell?.completedAt ?? null,
    }
  })
  const dueAt = dueFor(assignment, student)
  const { status, doneAt } = workStatusOf(results, dueAt, now)
  const scores = results.map((r) => r.score).filter((s): s is number => typeof s === 'number')
  const score = scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null
  return { status, doneAt, dueAt, score, items: results }
}

/** The classroom's attempts by student, then activity. */
export const attemptsByStudent = (cells: GridCell[]) => {
  const byStudent = new Map<string, Map<string, GridCell>>()
  for (const cell of cells) {
    let own = byStudent.get(String(cell.student))
    if (!own) byStudent.set(String(cell.student), (own = new Map()))
    own.set(String(cell.activity), cell)
  }
  return byStudent
}

const noAttempts = new Map<string, GridCell>()

/** The report's rows: each assigned student of the roster with their status, score and items. */
export const reportRows = (
  assignment: AssignmentData,
  items: AssignmentItem[],
  roster: RosterStudent[],
  cells: Map<string, Map<string, GridCell>>,
  now: Date,
) =>
  assignedStudents(assignment, roster).map((student) => ({
    ...student,
    ...studentWork(assignment, items, student.id, cells.get(String(student.id)) ?? noAttempts, now),
  }))

export const countsOf = (rows: { status: keyof Omit<WorkCounts, 'assigned'> }[]): WorkCounts => {
  const counts: WorkCounts = { assigned: rows.length, todo: 0, done: 0, late: 0, missing: 0 }
  for (const row of rows) counts[row.status] += 1
  return counts
}

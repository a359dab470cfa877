import { type ClassroomProgress, type GridCell, type Id, isDone, progressState, type RosterStudent, type TopicColumns } from '../../../common/progress'

/** What the grid's columns stand for: one activity each, or the completion of a module or topic. */
export type GridView = 'activities' | 'modules' | 'topics'
export type GridSort = 'student' | 'score-high' | 'score-low'
export type GridFilters = { topic: string; module: string }

export type Column = { id: Id; title: string; activityIds: Id[] }
export type HeaderGroup = { id: Id; title: string; span: number }

const cellKey = (student: Id, activity: Id) => `${student}:${activity}`

export const indexCells = (cells: GridCell[]) => new Map(cells.map((c) => [cellKey(c.student, c.activity), c]))

/** The topics, modules and activities left after the filters (empty modules and topics dropped). */
export function filterTopics(topics: TopicColumns[], { topic, module }: GridFilters): TopicColumns[] {
  return topics
    .filter((t) => !topic || String(t.id) === topic)
    .map((t) => ({ ...t, modules: t.modules.filter((m) => (!module || String(m.id) === module) && m.activities.length > 0) }))
    .filter((t) => t.modules.length > 0)
}

/**
 * Above this many activities the grid opens on the first topic. A 1366 × 768 laptop shows about a
 * dozen activity columns; 200 of them for 35 students is 7,000 cells to draw before the first
 * screen, which took seconds on a loaded machine. "All topics" stays one choice away.
 */
export const MAX_ACTIVITIES_AT_OPENING = 60

/** The topic filter the grid opens with: every topic when they fit, else the first topic that has activities. */
export function openingTopic(topics: TopicColumns[]): string {
  const count = (t: TopicColumns) => t.modules.reduce((sum, m) => sum + m.activities.length, 0)
  if (topics.reduce((sum, t) => sum + count(t), 0) <= MAX_ACTIVITIES_AT_OPENING) return ''
  const first = topics.find((t) => count(t) > 0)
  return first ? String(first.id) : ''
}

/** The columns of a view, and the header rows above them (topics, then modules). */
export function columnsOf(topics: TopicColumns[], view: GridView): { columns: Column[]; headerRows: HeaderGroup[][] } {
  const ids = (t: TopicColumns) => t.modules.flatMap((m) => m.activities.map((a) => a.id))
  if (view === 'topics') return { columns: topics.map((t) => ({ id: t.id, title: t.title, activityIds: ids(t) })), headerRows: [] }
  if (view === 'modules') {
    return {
      columns: topics.flatMap((t) => t.modules.map((m) => ({ id: m.id, title: m.title, activityIds: m.activities.map((a) => a.id) }))),
      headerRows: [topics.map((t) => ({ id: t.id, title: t.title, span: t.modules.length }))],
    }
  }
  return {
    columns: topics.flatMap((t) => t.modules.flatMap((m) => m.activities.map((a) => ({ id: a.id, title: a.title, activityIds: [a.id] })))),
    headerRows: [
      topics.map((t) => ({ id: t.id, title: t.title, span: ids(t).length })),
      topics.flatMap((t) => t.modules.map((m) => ({ id: m.id, title: m.title, span: m.activities.length }))),
    ],
  }
}

const average = (values: number[]) => (values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null)

export type Grid = ReturnType<typeof buildGrid>

/** Everything the table shows, from the columns and the classroom's progress, computed once per change of either, view, filters or sort. */
export function buildGrid(topicColumns: TopicColumns[], data: ClassroomProgress, view: GridView, filters: GridFilters, sort: GridSort) {
  const cells = indexCells(data.attempts)
  const topics = filterTopics(topicColumns, filters)
  const { columns, headerRows } = columnsOf(topics, view)
  const activityIds = columns.flatMap((c) => c.activityIds)
  const cellOf = (student: Id, activity: Id) => cells.get(cellKey(student, activity))
  const doneIn = (student: Id, column: Column) => column.activityIds.filter((a) => isDone(progressState(cellOf(student, a)?.status))).length
  const scoreOf = (student: Id) => average(activityIds.map((a) => cellOf(student, a)?.score).filter((s): s is number => typeof s === 'number'))
  const rows = data.students.map((student: RosterStudent) => ({
    student,
    average: scoreOf(student.id),
    values: columns.map((column) =>
      view === 'activities'
        ? { kind: 'activity' as const, state: progressState(cellOf(student.id, column.id)?.status), score: cellOf(student.id, column.id)?.score ?? null }
        : { kind: 'completion' as const, done: doneIn(student.id, column), total: column.activityIds.length },
    ),
  }))
  const name = (s: RosterStudent) => `${s.username ?? ''}`
  rows.sort((a, b) => {
    if (sort !== 'student') {
      const x = a.average ?? -1
      const y = b.average ?? -1
      if (x !== y) return sort === 'score-high' ? y - x : x - y
    }
    return name(a.student).localeCompare(name(b.student))
  })
  const classAverages = columns.map((column) =>
    view === 'activities'
      ? average(data.students.map((s) => cellOf(s.id, column.id)?.score).filter((s): s is number => typeof s === 'number'))
      : average(data.students.map((s) => (column.activityIds.length ? (doneIn(s.id, column) / column.activityIds.length) * 100 : 0))),
  )
  return { columns, headerRows, rows, classAverages }
}

/**
 * What the progress grid shows, computed the same way by the grid (web) and its CSV export (cms),
 * so that a download holds exactly the columns, rows and order on the teacher's screen.
 */
import {
  byStudentName,
  type ClassroomProgress,
  type GridCell,
  type Id,
  isDone,
  progressState,
  type ProgressState,
  type RosterStudent,
  type TopicColumns,
} from './progress'

/**
 * What the grid's columns stand for: a module's completion each (with its activities on demand),
 * a topic's completion each, or one activity each.
 */
export type GridView = 'modules' | 'topics' | 'activities'
export type GridSort = 'student' | 'score-high' | 'score-low'
export type GridFilters = { topic: string; module: string }
export const GRID_VIEWS: readonly GridView[] = ['modules', 'topics', 'activities']
export const GRID_SORTS: readonly GridSort[] = ['student', 'score-high', 'score-low']

/**
 * A column of the grid: a summary (a module's or topic's completion, `expandable` for a module in
 * the modules view) or an activity. `path` is where it sits (topic, then module), for a CSV header.
 */
export type Column = {
  id: Id
  kind: 'summary' | 'activity'
  title: string
  path: string[]
  activityIds: Id[]
  expandable?: boolean
  expanded?: boolean
}
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
 * Above this many activities the activities view opens on the first topic: a full course's activity
 * columns for a full class are too many cells to draw before the first screen, and far more than a
 * laptop shows. The summary views open on every topic.
 */
export const MAX_ACTIVITIES_AT_OPENING = 60

/** The topic filter the activities view opens with: every topic when they fit, else the first topic that has activities. */
export function openingTopic(topics: TopicColumns[]): string {
  const count = (t: TopicColumns) => t.modules.reduce((sum, m) => sum + m.activities.length, 0)
  if (topics.reduce((sum, t) => sum + count(t), 0) <= MAX_ACTIVITIES_AT_OPENING) return ''
  const first = topics.find((t) => count(t) > 0)
  return first ? String(first.id) : ''
}

/**
 * The columns of a view, and the header rows above them (topics, then modules in the activities
 * view). In the modules view a module listed in `expanded` is followed by its activities' columns.
 */
export function columnsOf(
  topics: TopicColumns[],
  view: GridView,
  expanded: ReadonlySet<string> = new Set(),
): { columns: Column[]; headerRows: HeaderGroup[][] } {
  const ids = (t: TopicColumns) => t.modules.flatMap((m) => m.activities.map((a) => a.id))
  if (view === 'topics') {
    return { columns: topics.map((t) => ({ id: t.id, kind: 'summary', title: t.title, path: [], activityIds: ids(t) })), headerRows: [] }
  }
  if (view === 'modules') {
    const columnsOfTopic = (t: TopicColumns): Column[] =>
      t.modules.flatMap((m) => {
        const open = expanded.has(String(m.id))
        const summary: Column = {
          id: m.id,
          kind: 'summary',
          title: m.title,
          path: [t.title],
          activityIds: m.activities.map((a) => a.id),
          expandable: true,
          expanded: open,
        }
        if (!open) return [summary]
        return [summary, ...m.activities.map((a): Column => ({ id: a.id, kind: 'activity', title: a.title, path: [t.title, m.title], activityIds: [a.id] }))]
      })
    const perTopic = topics.map((t) => ({ topic: t, columns: columnsOfTopic(t) }))
    return {
      columns: perTopic.flatMap((x) => x.columns),
      headerRows: [perTopic.map(({ topic, columns }) => ({ id: topic.id, title: topic.title, span: columns.length }))],
    }
  }
  return {
    columns: topics.flatMap((t) =>
      t.modules.flatMap((m) =>
        m.activities.map((a): Column => ({ id: a.id, kind: 'activity', title: a.title, path: [t.title, m.title], activityIds: [a.id] })),
      ),
    ),
    headerRows: [
      topics.map((t) => ({ id: t.id, title: t.title, span: ids(t).length })),
      topics.flatMap((t) => t.modules.map((m) => ({ id: m.id, title: m.title, span: m.activities.length }))),
    ],
  }
}

const average = (values: number[]) => (values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null)
const isNumber = (value: unknown): value is number => typeof value === 'number'

/**
 * A group of activities for one student, as a module's or topic's column of the grid shows it (and
 * the benchmarks' mastery view): how many are done, out of how many, and the average of the scores
 * there are. `cells` holds one entry per activity of the group, undefined where never opened.
 */
export const summarizeCells = (cells: (Pick<GridCell, 'status' | 'score'> | undefined)[]) => ({
  done: cells.filter((c) => isDone(progressState(c?.status))).length,
  total: cells.length,
  average: average(cells.map((c) => c?.score).filter(isNumber)),
})

export type ActivityValue = { kind: 'activity'; state: ProgressState; score: number | null; lastOpenedAt: string | null }
export type SummaryValue = { kind: 'summary'; done: number; total: number; average: number | null }
export type GridRow = { student: RosterStudent; average: number | null; lastOpenedAt: string | null; values: (ActivityValue | SummaryValue)[] }
export type Grid = ReturnType<typeof buildGrid>

/** The latest of ISO timestamps (they compare as strings), or null. */
const latest = (values: (string | null | undefined)[]) => values.reduce<string | null>((a, b) => (b && (!a || b > a) ? b : a), null)

/**
 * Everything the table shows, from the columns and the classroom's progress, computed once per
 * change of either, the view, filters, expanded modules or sort. Rows are in name order (as the
 * Students table), or by the average score of the shown activities, then by name.
 */
export function buildGrid(
  topicColumns: TopicColumns[],
  data: Pick<ClassroomProgress, 'students' | 'attempts'>,
  view: GridView,
  filters: GridFilters,
  sort: GridSort,
  expanded: ReadonlySet<string> = new Set(),
) {
  const cells = indexCells(data.attempts)
  const topics = filterTopics(topicColumns, filters)
  const { columns, headerRows } = columnsOf(topics, view, expanded)
  const activityIds = [...new Set(columns.flatMap((c) => c.activityIds))]
  const cellOf = (student: Id, activity: Id) => cells.get(cellKey(student, activity))
  const summaryOf = (student: Id, column: Column): SummaryValue => ({ kind: 'summary', ...summarizeCells(column.activityIds.map((a) => cellOf(student, a))) })
  const rows: GridRow[] = data.students.map((student) => {
    const own = activityIds.map((a) => cellOf(student.id, a))
    return {
      student,
      average: average(own.map((c) => c?.score).filter(isNumber)),
      lastOpenedAt: latest(own.map((c) => c?.lastOpenedAt)),
      values: columns.map((column) => {
        if (column.kind === 'summary') return summaryOf(student.id, column)
        const cell = cellOf(student.id, column.id)
        return { kind: 'activity', state: progressState(cell?.status), score: cell?.score ?? null, lastOpenedAt: cell?.lastOpenedAt ?? null }
      }),
    }
  })
  rows.sort((a, b) => {
    if (sort !== 'student') {
      const x = a.average ?? -1
      const y = b.average ?? -1
      if (x !== y) return sort === 'score-high' ? y - x : x - y
    }
    return byStudentName(a.student, b.student)
  })
  const classAverages = columns.map((column, i) =>
    column.kind === 'activity'
      ? average(rows.map((r) => (r.values[i] as ActivityValue).score).filter(isNumber))
      : average(rows.map((r) => r.values[i] as SummaryValue).map((v) => (v.total ? (v.done / v.total) * 100 : 0))),
  )
  return { columns, headerRows, rows, classAverages }
}

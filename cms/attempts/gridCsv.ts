import { stringify } from 'csv-stringify/sync'

import { type GridCell, progressStates, type RosterStudent, type TopicColumns } from '@common/progress'
import { buildGrid, type GridFilters, type GridSort, type GridView } from '@common/progressGrid'

/** What the teacher's grid shows: the export holds the same columns, rows and order. */
export type CsvChoice = { layout: 'long' | 'gradebook'; view: GridView; filters: GridFilters; sort: GridSort; expanded: ReadonlySet<string>; timeZone: string }

export const longHeader = ['Username', 'First name', 'Topic', 'Module', 'Activity', 'State', 'Score (%)', 'Last opened']

/**
 * A byte-order mark first: without it Excel reads UTF-8 as the local code page ("Floridaâ€™s").
 * LibreOffice and spreadsheet imports take it as UTF-8's signature.
 */
const BOM = '\uFEFF'

/** Time zones change their offset, and differ from UTC, only in whole quarters of an hour. */
const QUARTER_HOUR = 15 * 60 * 1000

/**
 * A function giving the ISO date (YYYY-MM-DD) of a timestamp as the calendar in `timeZone` shows it,
 * empty for none. Making and running a formatter is the slow part of a class's file, so there is
 * one formatter per file, and one answer per quarter hour: every instant of a quarter hour falls on
 * the same day in every time zone, and a class's opens cluster in a few of them.
 */
export const isoDateIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  const days = new Map<number, string>()
  return (timestamp: string | null | undefined) => {
    const time = timestamp ? Date.parse(timestamp) : NaN
    if (Number.isNaN(time)) return ''
    const quarter = Math.floor(time / QUARTER_HOUR)
    let day = days.get(quarter)
    if (day === undefined) {
      const parts = format.formatToParts(new Date(quarter * QUARTER_HOUR))
      const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
      day = `${part('year')}-${part('month')}-${part('day')}`
      days.set(quarter, day)
    }
    return day
  }
}

export { isTimeZone } from '../../common/zonedTime'

const displayName = (student: RosterStudent) => [student.firstName, student.lastName].filter(Boolean).join(' ')

/**
 * The progress as CSV, from the grid's own computation (common/progressGrid) so that it holds what
 * the grid shows. `long`: one row per student × shown activity. `gradebook`: one row per student,
 * a column per column of the grid (an activity's score, else its state; a module's or topic's
 * activities done and average score). Both with the last date opened, in the school's calendar.
 * `escape_formulas` keeps a spreadsheet from running a title or name that starts with `=`, `+`,
 * `-` or `@` (CSV injection); CRLF line ends, as RFC 4180 and Excel expect.
 */
export const progressCsv = (topics: TopicColumns[], students: RosterStudent[], cells: GridCell[], choice: CsvChoice): string => {
  const date = isoDateIn(choice.timeZone)
  const records: (string | number | null)[][] = []
  if (choice.layout === 'long') {
    // Every shown activity, whatever the view: the long layout is one row per activity by design.
    const grid = buildGrid(topics, { students, attempts: cells }, 'activities', choice.filters, choice.sort)
    records.push(longHeader)
    for (const row of grid.rows) {
      grid.columns.forEach((column, i) => {
        const value = row.values[i]
        if (value.kind !== 'activity') return
        const [topic, module] = column.path
        records.push([
          row.student.username,
          row.student.firstName,
          topic,
          module,
          column.title,
          progressStates[value.state].label,
          value.score,
          date(value.lastOpenedAt),
        ])
      })
    }
  } else {
    const grid = buildGrid(topics, { students, attempts: cells }, choice.view, choice.filters, choice.sort, choice.expanded)
    const headers = grid.columns.flatMap((column) => {
      const name = [...column.path.slice(1), column.title].join(': ')
      return column.kind === 'activity' ? [name] : [`${name}: done (of ${column.activityIds.length})`, `${name}: average score (%)`]
    })
    records.push(['Name', 'Username', 'Average score (%)', 'Last opened', ...headers])
    for (const row of grid.rows) {
      records.push([
        displayName(row.student),
        row.student.username,
        row.average,
        date(row.lastOpenedAt),
        ...row.values.flatMap((value) => (value.kind === 'activity' ? [value.score ?? progressStates[value.state].label] : [value.done, value.average])),
      ])
    }
  }
  return BOM + stringify(records, { escape_formulas: true, record_delimiter: 'windows' })
}

/** A file name from the classroom's name: letters, digits and dashes only. */
export const fileNameFor = (name: string, suffix: string) =>
  `${
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'classroom'
  }-${suffix}`

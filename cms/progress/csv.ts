import { stringify } from 'csv-stringify/sync'

import { type GridCell, progressState, progressStates, type RosterStudent, type TopicColumns } from '../../common/progress'

const header = ['Username', 'First name', 'Topic', 'Module', 'Activity', 'State', 'Score (%)']

/**
 * One row per student × activity, in the grid's order. `escape_formulas` keeps a spreadsheet from
 * running a title or name that starts with `=`, `+`, `-` or `@` (CSV injection).
 */
export const progressCsv = (topics: TopicColumns[], students: RosterStudent[], cells: GridCell[]): string => {
  const byKey = new Map(cells.map((c) => [`${c.student}:${c.activity}`, c]))
  const rows: (string | number | null)[][] = []
  for (const student of students) {
    for (const topic of topics) {
      for (const module of topic.modules) {
        for (const activity of module.activities) {
          const cell = byKey.get(`${student.id}:${activity.id}`)
          rows.push([
            student.username,
            student.firstName,
            topic.title,
            module.title,
            activity.title,
            progressStates[progressState(cell?.status)].label,
            cell?.score ?? null,
          ])
        }
      }
    }
  }
  return stringify([header, ...rows], { escape_formulas: true, record_delimiter: 'windows' })
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

import { stringify } from 'csv-stringify/sync'

import { type AssignmentReport, workStatusLabels } from '../../common/assignments'
import { localDateAndTime } from '../../common/zonedTime'

/** Same as the progress export: Excel reads UTF-8 only after a byte-order mark. */
const BOM = '\uFEFF'

export const reportHeader = ['Username', 'First name', 'Last name', 'Status', 'Score (%)', 'Done at', 'Due']

/**
 * The assignment's report as CSV, one row per student in the report's order; times on the
 * classroom's clock (`YYYY-MM-DD HH:MM`). Formulas escaped and CRLF line ends, as the grid's export.
 */
export const reportCsv = (report: AssignmentReport): string => {
  const zone = report.classroom.timeZone
  const at = (iso: string | null) => {
    if (!iso) return ''
    const { date, time } = localDateAndTime(Date.parse(iso), zone)
    return `${date} ${time}`
  }
  const records: (string | number | null)[][] = [reportHeader]
  for (const row of report.students) {
    records.push([row.username, row.firstName, row.lastName ?? '', workStatusLabels[row.status], row.score, at(row.doneAt), at(row.dueAt)])
  }
  return BOM + stringify(records, { escape_formulas: true, record_delimiter: 'windows' })
}

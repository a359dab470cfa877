import { useId } from 'react'
import { auditActions, type AuditAction } from '../../../../common/audit'
import type { AuditSearchAnswer } from '../../../../common/answers/privacy'
import { i18n } from '../../i18n/i18n'
import { useTranslation } from '../../i18n/useTranslation'
import { ConsoleList, type Column } from '../ConsoleList'
import { formatDate } from '../api/consoleTypes'
import { useListParams } from '../useListParams'

type AuditDoc = AuditSearchAnswer['docs'][number]

/** Each kind of entry's words: a catalogue key per action. */
const ACTION_LABELS: Record<AuditAction, string> = {
  roster: 'console.audit.actions.roster',
  'progress-grid': 'console.audit.actions.progressGrid',
  'progress-csv': 'console.audit.actions.progressCsv',
  'student-progress': 'console.audit.actions.studentProgress',
  'student-export': 'console.audit.actions.studentExport',
  'assignment-report': 'console.audit.actions.assignmentReport',
  'assignment-report-csv': 'console.audit.actions.assignmentReportCsv',
  'benchmark-mastery': 'console.audit.actions.benchmarkMastery',
  'benchmark-mastery-csv': 'console.audit.actions.benchmarkMasteryCsv',
  'users-api': 'console.audit.actions.usersApi',
  'attempts-api': 'console.audit.actions.attemptsApi',
  'student-deleted': 'console.audit.actions.studentDeleted',
  'retention-purge': 'console.audit.actions.retentionPurge',
}

const actionLabel = (action: string) => (action in ACTION_LABELS ? i18n.t(ACTION_LABELS[action as AuditAction]) : action)

const columns: Column<AuditDoc>[] = [
  { header: 'console.audit.when', cell: (entry) => formatDate(entry.createdAt) },
  { header: 'console.audit.who', cell: (entry) => entry.actorLogin ?? (entry.actor === null ? i18n.t('console.audit.server') : `#${entry.actor}`) },
  { header: 'console.audit.what', cell: (entry) => actionLabel(entry.action) },
  { header: 'console.audit.classroom', cell: (entry) => (entry.classroom === null ? '' : `#${entry.classroom}`) },
  { header: 'console.audit.student', cell: (entry) => (entry.student === null ? '' : `#${entry.student}`) },
  { header: 'console.audit.students', cell: (entry) => (entry.studentCount === null ? '' : String(entry.studentCount)) },
  { header: 'console.audit.address', cell: (entry) => <code>{entry.path ?? ''}</code> },
]

const SORTS = [
  { value: '-createdAt', label: 'console.sort.newest' },
  { value: 'createdAt', label: 'console.sort.oldest' },
]

/** A day typed in the date field as the start or the end of that day in the reader's time zone. */
const dayBound = (day: string, end: boolean) => {
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`)
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/**
 * /console/audit-log, for users:read holders: who read which student's data, what and when,
 * searched by who (their login), what kind of read and between which days. Read-only: the server
 * refuses every change to it.
 */
export function AuditLogPage() {
  const { t } = useTranslation()
  const id = useId()
  const list = useListParams('-createdAt')
  const action = list.params.get('action') ?? ''
  const from = list.params.get('from') ?? ''
  const to = list.params.get('to') ?? ''
  const params: [string, string][] = []
  if (action) params.push(['where[action][equals]', action])
  const fromBound = from ? dayBound(from, false) : null
  const toBound = to ? dayBound(to, true) : null
  if (fromBound) params.push(['where[createdAt][greater_than_equal]', fromBound])
  if (toBound) params.push(['where[createdAt][less_than_equal]', toBound])
  const filters = (
    <>
      <div className="console-sort">
        <label htmlFor={`${id}-action`}>{t('console.audit.action')}</label>
        <select id={`${id}-action`} className="input select" value={action} onChange={(event) => list.update({ action: event.target.value || null })}>
          <option value="">{t('console.audit.all')}</option>
          {auditActions.map((value) => (
            <option key={value} value={value}>
              {t(ACTION_LABELS[value])}
            </option>
          ))}
        </select>
      </div>
      <div className="console-sort">
        <label htmlFor={`${id}-from`}>{t('console.audit.from')}</label>
        <input id={`${id}-from`} type="date" className="input" value={from} onChange={(event) => list.update({ from: event.target.value || null })} />
      </div>
      <div className="console-sort">
        <label htmlFor={`${id}-to`}>{t('console.audit.to')}</label>
        <input id={`${id}-to`} type="date" className="input" value={to} onChange={(event) => list.update({ to: event.target.value || null })} />
      </div>
    </>
  )
  return (
    <ConsoleList<AuditDoc>
      collection="audit-log"
      columns={columns}
      sortOptions={SORTS}
      search={(q) => [['where[actorLogin][like]', q]]}
      params={params}
      filters={filters}
      emptyText={t('console.audit.none')}
      intro={<p>{t('console.audit.intro')}</p>}
      wide
    />
  )
}

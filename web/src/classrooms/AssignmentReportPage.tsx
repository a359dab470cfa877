import { type FormEvent, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import { studentName } from '../../../common/progress'
import { localDateAndTime } from '../../../common/zonedTime'
import { ApiError } from '../api/client'
import { useTranslation } from '../i18n/useTranslation'
import { Loading } from '../ui/Loading'
import { NotFound } from '../ui/NotFound'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { schoolTime } from '../ui/schoolTime'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { useAssignmentChanges, useAssignmentReport } from './api/assignments'
import './roster.css'
import { DataTable } from '../ui/DataTable'
import { RowButton } from './RowButton'

type Row = NonNullable<ReturnType<typeof useAssignmentReport>['data']>['students'][number]

/** One student's later due date, on the classroom's clock. */
function ExtendForm({ row, timeZone, onSave }: { row: Row; timeZone: string; onSave: (dueAt: string) => Promise<void> }) {
  const { t } = useTranslation()
  const current = localDateAndTime(Date.parse(row.dueAt), timeZone)
  const [date, setDate] = useState(current.date)
  const [time, setTime] = useState(current.time)
  const [error, setError] = useState<unknown>(null)
  const name = studentName(row) || row.username || ''
  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    try {
      await onSave(`${date}T${time || '23:59'}`)
    } catch (failure) {
      setError(failure)
    }
  }
  return (
    <form className="assignment-extend" onSubmit={submit} aria-label={t('classrooms.assignments.extendFor', { name })}>
      {error !== null && <ErrorNotice error={error} />}
      <label>
        <span className="visually-hidden">{t('classrooms.assignments.dueDate')}</span>
        <input className="input" type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
      </label>
      <label>
        <span className="visually-hidden">{t('classrooms.assignments.dueTime')}</span>
        <input className="input" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
      </label>
      <button type="submit" className="button button-secondary button-small">
        {t('classrooms.assignments.extendSave')}
      </button>
    </form>
  )
}

/** An assignment's report: per student, status, score, when done; the CSV; one student's extension. */
export function AssignmentReportPage() {
  const { t, language } = useTranslation()
  const { classroomId = '', assignmentId = '' } = useParams()
  const { data, error, isLoading } = useAssignmentReport(assignmentId)
  const changes = useAssignmentChanges(classroomId)
  const [extending, setExtending] = useState<Row | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const heading = data ? t('classrooms.assignments.reportHeading', { title: data.assignment.title }) : t('classrooms.assignments.report')
  useDocumentTitle(heading)
  if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return <NotFound />
  const timeZone = data?.classroom.timeZone ?? 'America/New_York'
  const at = (iso: string | null) => schoolTime(iso, timeZone, language)

  return (
    <>
      <h1>{heading}</h1>
      <p>
        <Link to={`/user/classrooms/${classroomId}`}>{t('classrooms.assignments.back')}</Link>
      </p>
      {isLoading && <Loading />}
      {error && !data && <ErrorNotice error={error} />}
      {data && (
        <>
          <p>
            {t('classrooms.assignments.due')}: {at(data.assignment.dueAt)}
          </p>
          {data.assignment.instructions && <p className="assignment-instructions">{data.assignment.instructions}</p>}
          <ul className="assignment-item-list">
            {data.items.map((item) => (
              <li key={item.activity}>
                {item.title} <span className="school-meta">({item.moduleTitle})</span>
              </li>
            ))}
          </ul>
          <p>
            <a className="button button-secondary" href={`/api/assignments/${data.assignment.id}/report/csv`} download>
              {t('classrooms.assignments.csv')}
            </a>
          </p>
          {notice && <SuccessNotice>{notice}</SuccessNotice>}
          <DataTable
            className="assignment-report"
            caption={heading}
            hiddenCaption
            columns={[
              t('classrooms.assignments.student'),
              t('classrooms.assignments.username'),
              t('classrooms.assignments.statusColumn'),
              t('classrooms.assignments.score'),
              t('classrooms.assignments.doneAt'),
              t('classrooms.assignments.due'),
            ]}
          >
            {data.students.map((row) => (
              <tr key={row.id} data-status={row.status}>
                <th scope="row">{studentName(row)}</th>
                <td>{row.username}</td>
                <td>
                  <span className={`work-status work-${row.status}`}>{t(`classrooms.assignments.status.${row.status}`)}</span>
                </td>
                <td>{row.score === null ? '' : `${row.score}%`}</td>
                <td>{at(row.doneAt)}</td>
                <td>
                  {at(row.dueAt)}{' '}
                  {extending?.id === row.id ? (
                    <ExtendForm
                      row={row}
                      timeZone={timeZone}
                      onSave={async (dueAt) => {
                        const others = data.assignment.extensions.filter((e) => String(e.student) !== String(row.id))
                        await changes.update(data.assignment.id, { extensions: [...others, { student: row.id, dueAt }] })
                        setExtending(null)
                        setNotice(t('classrooms.assignments.extended', { name: studentName(row) || row.username }))
                      }}
                    />
                  ) : (
                    <RowButton
                      rowName={studentName(row) || row.username}
                      onClick={() => {
                        setNotice(null)
                        setExtending(row)
                      }}
                    >
                      {t('classrooms.assignments.extend')}
                    </RowButton>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </>
  )
}

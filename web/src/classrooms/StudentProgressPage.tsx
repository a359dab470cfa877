import { useTranslation } from '../i18n/useTranslation'
import { Link, useParams } from 'react-router-dom'
import { ApiError } from '../api/client'
import { progressState, progressStates, scorePercent, type StudentAttempt } from '../../../common/progress'
import { Loading } from '../ui/Loading'
import { NotFound } from '../ui/NotFound'
import { ErrorNotice } from '../ui/Notice'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { useStudentProgress } from './api/progress'
import './roster.css'
import { DataTable } from '../ui/DataTable'

/** One student's page, from the grid: every activity with state, score, attempts, time spent, last opened. */
export function StudentProgressPage() {
  const { t, language } = useTranslation()
  const { classroomId = '', studentId = '' } = useParams()
  const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString(language) : t('classrooms.progress.never'))
  const duration = (seconds: number) =>
    seconds < 60 ? t('classrooms.progress.seconds', { count: seconds }) : t('classrooms.progress.minutes', { count: Math.round(seconds / 60) })
  const { progress: data, columns, error, isLoading } = useStudentProgress(classroomId, studentId)
  const name = data ? [data.student.username, data.student.firstName && `(${data.student.firstName})`].filter(Boolean).join(' ') : ''
  useDocumentTitle(data ? t('classrooms.progress.studentPageTitle', { name }) : t('classrooms.progress.heading'))
  if (error instanceof ApiError && error.status === 404) return <NotFound />
  const attempts = new Map<string, StudentAttempt>((data?.attempts ?? []).map((a) => [String(a.activity), a]))

  return (
    <>
      <h1>{data ? t('classrooms.progress.studentPageTitle', { name }) : t('classrooms.progress.heading')}</h1>
      <p>
        <Link to={`/user/classrooms/${classroomId}`}>{t('classrooms.progress.backToClassroom')}</Link>
      </p>
      {isLoading && <Loading label={t('classrooms.progress.loading')} />}
      {error && <ErrorNotice error={error} />}
      {data && columns && (
        <>
          <p>
            <a className="button button-secondary" href={`/api/classrooms/${classroomId}/students/${studentId}/data`} download>
              {t('classrooms.roster.downloadData')}
            </a>
          </p>
          {columns.map((topic) => (
            <section key={topic.id} aria-labelledby={`topic-${topic.id}`}>
              <h2 id={`topic-${topic.id}`}>{topic.title}</h2>
              {topic.modules.map((module) => (
                <DataTable
                  key={module.id}
                  caption={module.title}
                  columns={[
                    t('classrooms.progress.activityColumn'),
                    t('classrooms.progress.stateColumn'),
                    t('classrooms.progress.scoreColumn'),
                    t('classrooms.progress.attemptsColumn'),
                    t('classrooms.progress.timeColumn'),
                    t('classrooms.progress.lastOpenedColumn'),
                  ]}
                >
                  {module.activities.map((activity) => {
                    const attempt = attempts.get(String(activity.id))
                    const state = progressState(attempt?.status)
                    const score = scorePercent(attempt?.score)
                    return (
                      <tr key={activity.id}>
                        <th scope="row">{activity.title}</th>
                        <td className={`progress-cell state-${state}`}>
                          <span aria-hidden="true">{progressStates[state].symbol} </span>
                          {t(`classrooms.progress.states.${state}`)}
                        </td>
                        <td>{score === null ? '' : `${score}%`}</td>
                        <td>{attempt ? attempt.attemptCount : 0}</td>
                        <td>{attempt ? duration(attempt.timeSpentSeconds) : ''}</td>
                        <td>{when(attempt?.lastOpenedAt ?? null)}</td>
                      </tr>
                    )
                  })}
                </DataTable>
              ))}
            </section>
          ))}
        </>
      )}
    </>
  )
}

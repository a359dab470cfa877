import { useId, useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import useSWR from 'swr'
import { keys } from '../api/keys'
import { useTranslation } from '../i18n/useTranslation'
import { type ClassroomProgress, progressStates } from '../../../common/progress'
import { Loading } from '../ui/Loading'
import { ErrorNotice } from '../ui/Notice'
import { buildGrid, type GridSort, type GridView } from './progressGrid'
import './roster.css'

/** The classroom's progress: students × activities (or module/topic completion), filters, sort, CSV. */
export function ProgressGrid({ classroomId }: { classroomId: string | number }) {
  const { data, error, isLoading } = useSWR<ClassroomProgress>(keys.classroomProgress(classroomId))
  const [view, setView] = useState<GridView>('activities')
  const [topic, setTopic] = useState('')
  const [module, setModule] = useState('')
  const [sort, setSort] = useState<GridSort>('student')
  const ids = useId()
  const { t } = useTranslation()
  const grid = useMemo(() => (data ? buildGrid(data, view, { topic, module }, sort) : null), [data, view, topic, module, sort])

  if (isLoading) return <Loading label={t('classrooms.progress.loading')} />
  if (error && !data) return <ErrorNotice error={error} />
  if (!data || !grid) return null
  if (data.students.length === 0) return <p className="empty-state">{t('classrooms.progress.noStudentsYet')}</p>
  const modules = data.topics.filter((x) => !topic || String(x.id) === topic).flatMap((x) => x.modules)

  return (
    <div className="progress">
      <div className="progress-controls">
        <label htmlFor={`${ids}-view`}>{t('classrooms.progress.view')}</label>
        <select className="input" id={`${ids}-view`} value={view} onChange={(e) => setView(e.target.value as GridView)}>
          <option value="activities">{t('classrooms.progress.viewActivities')}</option>
          <option value="modules">{t('classrooms.progress.viewModules')}</option>
          <option value="topics">{t('classrooms.progress.viewTopics')}</option>
        </select>
        <label htmlFor={`${ids}-topic`}>{t('classrooms.progress.topicFilter')}</label>
        <select
          className="input"
          id={`${ids}-topic`}
          value={topic}
          onChange={(e) => {
            setTopic(e.target.value)
            setModule('')
          }}
        >
          <option value="">{t('classrooms.progress.allTopics')}</option>
          {data.topics.map((x) => (
            <option key={x.id} value={String(x.id)}>
              {x.title}
            </option>
          ))}
        </select>
        <label htmlFor={`${ids}-module`}>{t('classrooms.progress.moduleFilter')}</label>
        <select className="input" id={`${ids}-module`} value={module} onChange={(e) => setModule(e.target.value)}>
          <option value="">{t('classrooms.progress.allModules')}</option>
          {modules.map((x) => (
            <option key={x.id} value={String(x.id)}>
              {x.title}
            </option>
          ))}
        </select>
        <label htmlFor={`${ids}-sort`}>{t('classrooms.progress.sortBy')}</label>
        <select className="input" id={`${ids}-sort`} value={sort} onChange={(e) => setSort(e.target.value as GridSort)}>
          <option value="student">{t('classrooms.progress.sortStudent')}</option>
          <option value="score-high">{t('classrooms.progress.sortScoreHigh')}</option>
          <option value="score-low">{t('classrooms.progress.sortScoreLow')}</option>
        </select>
        <a className="button button-secondary button-small" href={`/api/classrooms/${classroomId}/progress/csv`} download>
          {t('classrooms.progress.downloadCsv')}
        </a>
      </div>
      {view === 'activities' && (
        <dl className="progress-legend" aria-label={t('classrooms.progress.legend')}>
          {Object.entries(progressStates).map(([state, { symbol }]) => (
            <div key={state}>
              <dt className={`progress-cell state-${state}`} aria-hidden="true">
                {symbol}
              </dt>
              <dd>{t(`classrooms.progress.states.${state}`)}</dd>
            </div>
          ))}
        </dl>
      )}
      {grid.columns.length === 0 ? (
        <p className="empty-state">{t('classrooms.progress.noActivities')}</p>
      ) : (
        <div className="progress-scroll" role="region" aria-label={t('classrooms.progress.gridRegion')} tabIndex={0}>
          <table className="table progress-table">
            <caption className="visually-hidden">{t('classrooms.progress.caption', { classroom: data.classroom.name })}</caption>
            <colgroup>
              <col className="progress-student-col" />
              <col />
              {grid.columns.map((column) => (
                <col key={column.id} />
              ))}
            </colgroup>
            <thead>
              {grid.headerRows.map((row, i) => (
                <tr key={i}>
                  <td className="progress-corner" colSpan={2} />
                  {row.map((group) => (
                    <th key={group.id} scope="colgroup" colSpan={group.span}>
                      {group.title}
                    </th>
                  ))}
                </tr>
              ))}
              <tr>
                <th scope="col" className="progress-student">
                  {t('classrooms.progress.studentColumn')}
                </th>
                <th scope="col">{t('classrooms.progress.averageColumn')}</th>
                {grid.columns.map((column) => (
                  <th key={column.id} scope="col" title={column.title}>
                    {column.title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {grid.rows.map((row) => (
                <tr key={row.student.id}>
                  <th scope="row" className="progress-student">
                    <Link to={`/user/classrooms/${classroomId}/students/${row.student.id}`}>{row.student.username}</Link>
                    {row.student.firstName && <span className="progress-first-name"> {row.student.firstName}</span>}
                  </th>
                  <td>{row.average === null ? '' : `${row.average}%`}</td>
                  {row.values.map((value, i) =>
                    value.kind === 'activity' ? (
                      <td key={i} className={`progress-cell state-${value.state}`}>
                        <span aria-hidden="true">{progressStates[value.state].symbol}</span>
                        <span className="visually-hidden">{t(`classrooms.progress.states.${value.state}`)}</span>
                        {value.score !== null && ` ${value.score}%`}
                      </td>
                    ) : (
                      <td key={i}>{t('classrooms.progress.completion', { done: value.done, total: value.total })}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="progress-student">
                  {t('classrooms.progress.classAverage')}
                </th>
                <td />
                {grid.classAverages.map((value, i) => (
                  <td key={i}>{value === null ? '' : `${value}%`}</td>
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </div>
  )
}

import { useDeferredValue, useId, useMemo, useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { progressStates } from '../../../common/progress'
import { Loading } from '../ui/Loading'
import { ErrorNotice } from '../ui/Notice'
import { useProgressGrid } from './api/progress'
import { buildGrid, type GridSort, type GridView, openingTopic } from './progressGrid'
import { ProgressTable } from './ProgressTable'
import './roster.css'

/** The classroom's progress: students × activities (or module/topic completion), filters, sort, CSV. */
export function ProgressGrid({ classroomId }: { classroomId: string | number }) {
  const { progress, columns, error, isLoading } = useProgressGrid(classroomId)
  const [view, setView] = useState<GridView>('activities')
  // null until the teacher picks one: the grid then opens on openingTopic (the first topic of a large course).
  const [chosenTopic, setTopic] = useState<string | null>(null)
  const [module, setModule] = useState('')
  const [sort, setSort] = useState<GridSort>('student')
  const ids = useId()
  const { t } = useTranslation()
  const topicOf = (chosen: string | null) => chosen ?? (columns ? openingTopic(columns) : '')
  const topic = topicOf(chosenTopic)
  // The controls show a choice at once; the table (thousands of cells in a full class) follows it
  // in the background, so a select never waits for the redraw. Only the teacher's choices are
  // deferred: the data's arrival draws the opening topic straight away, never every topic first.
  const shown = useDeferredValue(useMemo(() => ({ view, chosenTopic, module, sort }), [view, chosenTopic, module, sort]))
  const shownTopic = topicOf(shown.chosenTopic)
  const grid = useMemo(
    () => (columns && progress ? buildGrid(columns, progress, shown.view, { topic: shownTopic, module: shown.module }, shown.sort) : null),
    [columns, progress, shown, shownTopic],
  )

  if (isLoading) return <Loading label={t('classrooms.progress.loading')} />
  if (error) return <ErrorNotice error={error} />
  if (!columns || !progress || !grid) return null
  if (progress.students.length === 0) return <p className="empty-state">{t('classrooms.progress.noStudentsYet')}</p>
  const modules = columns.filter((x) => !topic || String(x.id) === topic).flatMap((x) => x.modules)

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
          {columns.map((x) => (
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
      {shown.view === 'activities' && (
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
        <ProgressTable classroomId={classroomId} classroomName={progress.classroom.name} grid={grid} />
      )}
    </div>
  )
}

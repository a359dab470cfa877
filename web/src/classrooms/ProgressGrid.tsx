import { useCallback, useDeferredValue, useId, useMemo, useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { progressStates } from '../../../common/progress'
import { Loading } from '../ui/Loading'
import { ErrorNotice } from '../ui/Notice'
import { useProgressGrid } from './api/progress'
import { buildGrid, type GridSort, type GridView, openingTopic } from '../../../common/progressGrid'
import { ProgressTable } from './ProgressTable'
import './roster.css'

/** The address of the CSV export of what the grid shows (its view, filters, open modules and sort), in the given layout. */
export const csvAddress = (
  classroomId: string | number,
  layout: 'long' | 'gradebook',
  shown: { view: GridView; topic: string; module: string; sort: GridSort; expanded: ReadonlySet<string> },
) => {
  const query = new URLSearchParams({ layout, view: shown.view, sort: shown.sort })
  if (shown.topic) query.set('topic', shown.topic)
  if (shown.module) query.set('module', shown.module)
  if (shown.view === 'modules' && shown.expanded.size) query.set('expand', [...shown.expanded].join(','))
  // Dates in the teacher's own calendar: the day the school saw, not the server's.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  if (timeZone) query.set('timeZone', timeZone)
  return `/api/classrooms/${classroomId}/progress/csv?${query}`
}

/**
 * The classroom's progress: students × module completion first (a module opens to its activities),
 * or topic completion, or every activity; filters, sort, and CSV exports of what it shows.
 */
export function ProgressGrid({ classroomId }: { classroomId: string | number }) {
  const { progress, columns, error, isLoading } = useProgressGrid(classroomId)
  const [view, setView] = useState<GridView>('modules')
  // null until the teacher picks one: the activities view then opens on openingTopic (the first topic of a large course).
  const [chosenTopic, setTopic] = useState<string | null>(null)
  const [module, setModule] = useState('')
  const [sort, setSort] = useState<GridSort>('student')
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const ids = useId()
  const { t } = useTranslation()
  const topicOf = (chosen: string | null, shownView: GridView) => chosen ?? (columns && shownView === 'activities' ? openingTopic(columns) : '')
  const topic = topicOf(chosenTopic, view)
  const toggleModule = useCallback(
    (id: string) =>
      setExpanded((open) => {
        const next = new Set(open)
        if (!next.delete(id)) next.add(id)
        return next
      }),
    [],
  )
  // The controls show a choice at once; the table (thousands of cells in a full class) follows it
  // in the background, so a select never waits for the redraw. Only the teacher's choices are
  // deferred: the data's arrival draws the opening topic straight away, never every topic first.
  const shown = useDeferredValue(useMemo(() => ({ view, chosenTopic, module, sort, expanded }), [view, chosenTopic, module, sort, expanded]))
  const shownTopic = topicOf(shown.chosenTopic, shown.view)
  const grid = useMemo(
    () => (columns && progress ? buildGrid(columns, progress, shown.view, { topic: shownTopic, module: shown.module }, shown.sort, shown.expanded) : null),
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
          <option value="modules">{t('classrooms.progress.viewModules')}</option>
          <option value="topics">{t('classrooms.progress.viewTopics')}</option>
          <option value="activities">{t('classrooms.progress.viewActivities')}</option>
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
        <a className="button button-secondary button-small" href={csvAddress(classroomId, 'long', { ...shown, topic: shownTopic })} download>
          {t('classrooms.progress.downloadCsv')}
        </a>
        <a className="button button-secondary button-small" href={csvAddress(classroomId, 'gradebook', { ...shown, topic: shownTopic })} download>
          {t('classrooms.progress.downloadGradebook')}
        </a>
      </div>
      {grid.columns.some((c) => c.kind === 'activity') && (
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
        <ProgressTable classroomId={classroomId} classroomName={progress.classroom.name} grid={grid} onToggleModule={toggleModule} />
      )}
    </div>
  )
}

import { useId, useMemo, useState } from 'react'
import useSWR from 'swr'
import { type TFunction, useTranslation } from '../i18n/useTranslation'
import { keys } from '../api/keys'
import type { ClassroomMastery, MasteryValue } from '../../../common/benchmarks'
import { type Id, studentName } from '../../../common/progress'
import { Loading } from '../ui/Loading'
import { ErrorNotice } from '../ui/Notice'
import './roster.css'
import './mastery.css'

type View = 'benchmarks' | 'categories'

/**
 * The classroom's mastery of Florida's benchmarks: students × benchmarks (those some activity
 * teaches), or × EOC reporting categories; each cell the activities done of those that teach it and
 * the average score, in words (never colour alone). A real table like the progress grid, with CSV.
 */
export function BenchmarkMastery({ classroomId }: { classroomId: Id }) {
  const { t } = useTranslation()
  const ids = useId()
  const [view, setView] = useState<View>('benchmarks')
  const { data, error, isLoading } = useSWR<ClassroomMastery>(keys.classroomBenchmarks(classroomId))
  const table = useMemo(() => (data ? tableOf(data, view, t) : null), [data, view, t])

  if (isLoading) return <Loading label={t('classrooms.mastery.loading')} />
  if (error) return <ErrorNotice error={error} />
  if (!data || !table) return null
  if (data.students.length === 0) return <p className="empty-state">{t('classrooms.mastery.noStudentsYet')}</p>
  const untaught = data.benchmarks.length - table.taughtCount

  return (
    <div className="progress mastery">
      <div className="progress-controls">
        <label htmlFor={`${ids}-view`}>{t('classrooms.mastery.view')}</label>
        <select className="input" id={`${ids}-view`} value={view} onChange={(e) => setView(e.target.value as View)}>
          <option value="benchmarks">{t('classrooms.mastery.viewBenchmarks')}</option>
          <option value="categories">{t('classrooms.mastery.viewCategories')}</option>
        </select>
        <a className="button button-secondary button-small" href={`${keys.classroomBenchmarks(classroomId)}/csv`} download>
          {t('classrooms.mastery.downloadCsv')}
        </a>
      </div>
      {view === 'benchmarks' && untaught > 0 && <p className="mastery-note">{t('classrooms.mastery.untaught', { count: untaught })}</p>}
      {table.columns.length === 0 ? (
        <p className="empty-state">{t('classrooms.mastery.none')}</p>
      ) : (
        <div className="progress-scroll" role="region" aria-label={t('classrooms.mastery.region')} tabIndex={0}>
          <table className="table progress-table">
            <caption className="visually-hidden">{t('classrooms.mastery.caption', { classroom: data.classroom.name })}</caption>
            <thead>
              <tr>
                <th scope="col" className="progress-student">
                  {t('classrooms.progress.studentColumn')}
                </th>
                {table.columns.map((column) => (
                  <th key={column.key} scope="col" className="progress-summary" title={column.description}>
                    <span className="mastery-code">{column.title}</span>
                    {column.subtitle && <span className="mastery-category"> {column.subtitle}</span>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.students.map((student, row) => (
                <tr key={student.id}>
                  <th scope="row" className="progress-student">
                    {studentName(student) || student.username}
                    {studentName(student) && <span className="progress-username"> {student.username}</span>}
                  </th>
                  {table.values(row).map((value, i) => (
                    <td key={table.columns[i].key} className="progress-summary">
                      <MasteryCell value={value} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

function MasteryCell({ value }: { value: MasteryValue }) {
  const { t } = useTranslation()
  return (
    <>
      {t('classrooms.progress.completion', { done: value.done, total: value.total })}
      {value.average !== null && <span className="progress-summary-score">{` · ${value.average}%`}</span>}
    </>
  )
}

type Column = { key: string; title: string; subtitle?: string; description?: string }

/** The shown columns (benchmarks some activity teaches, or the categories), and each row's values in their order. */
function tableOf(data: ClassroomMastery, view: View, t: TFunction) {
  const category = (key: string) => t('classrooms.mastery.category', { number: key, name: t(`classrooms.mastery.categories.${key}`) })
  const taught = data.benchmarks.map((b, i) => ({ b, i })).filter(({ i }) => data.rows.some((row) => row.benchmarks[i].total > 0) || data.rows.length === 0)
  if (view === 'categories') {
    const columns: Column[] = data.categories.map((key) => ({ key: `category-${key}`, title: category(key) }))
    return { columns, taughtCount: taught.length, values: (row: number) => data.rows[row].categories }
  }
  const columns: Column[] = taught.map(({ b }) => ({
    key: `benchmark-${b.id}`,
    title: b.code,
    subtitle: b.reportingCategory ? t('classrooms.mastery.categoryShort', { number: b.reportingCategory }) : undefined,
    description: b.statement ?? undefined,
  }))
  return { columns, taughtCount: taught.length, values: (row: number) => taught.map(({ i }) => data.rows[row].benchmarks[i]) }
}

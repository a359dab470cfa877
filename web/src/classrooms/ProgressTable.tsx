import { memo, useMemo } from 'react'
import { Link } from 'react-router-dom'
import { useTranslation } from '../i18n/useTranslation'
import { type Id, progressStates, studentName } from '../../../common/progress'
import type { Grid } from '../../../common/progressGrid'

type Props = { classroomId: Id; classroomName: string; grid: Grid; onToggleModule: (id: string) => void }

/**
 * The grid's table: a real table (caption, column groups, row headers) in a focusable scroll area.
 * Memoised on the grid, so a control's change redraws it only once the new grid is built.
 */
export const ProgressTable = memo(function ProgressTable({ classroomId, classroomName, grid, onToggleModule }: Props) {
  const { t } = useTranslation()
  // Looked up once, not once per cell (7,000 cells in a full class).
  const stateLabels = useMemo(
    () =>
      Object.fromEntries(Object.keys(progressStates).map((state) => [state, t(`classrooms.progress.states.${state}`)])) as Record<
        keyof typeof progressStates,
        string
      >,
    [t],
  )
  return (
    <div className="progress-scroll" role="region" aria-label={t('classrooms.progress.gridRegion')} tabIndex={0}>
      <table className="table progress-table">
        <caption className="visually-hidden">{t('classrooms.progress.caption', { classroom: classroomName })}</caption>
        <colgroup>
          <col className="progress-student-col" />
          <col />
          {grid.columns.map((column) => (
            <col key={`${column.kind}-${column.id}`} className={column.kind === 'summary' ? 'progress-summary-col' : undefined} />
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
              <th
                key={`${column.kind}-${column.id}`}
                scope="col"
                title={column.title}
                className={column.kind === 'summary' ? 'progress-summary' : column.path.length > 1 ? 'progress-activity-in-module' : undefined}
              >
                {column.expandable ? (
                  <button type="button" className="progress-expand" aria-expanded={column.expanded} onClick={() => onToggleModule(String(column.id))}>
                    {column.title}
                  </button>
                ) : (
                  column.title
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((row) => (
            <tr key={row.student.id}>
              <th scope="row" className="progress-student">
                <Link to={`/user/classrooms/${classroomId}/students/${row.student.id}`}>{studentName(row.student) || row.student.username}</Link>
                {studentName(row.student) && <span className="progress-username"> {row.student.username}</span>}
              </th>
              <td>{row.average === null ? '' : `${row.average}%`}</td>
              {row.values.map((value, i) =>
                value.kind === 'activity' ? (
                  <td key={i} className={`progress-cell state-${value.state}`}>
                    <span aria-hidden="true">{progressStates[value.state].symbol}</span>
                    <span className="visually-hidden">{stateLabels[value.state]}</span>
                    {value.score !== null && ` ${value.score}%`}
                  </td>
                ) : (
                  <td key={i} className="progress-summary">
                    {t('classrooms.progress.completion', { done: value.done, total: value.total })}
                    {value.average !== null && <span className="progress-summary-score">{` · ${value.average}%`}</span>}
                  </td>
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
  )
})

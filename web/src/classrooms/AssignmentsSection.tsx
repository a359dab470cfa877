import { useState } from 'react'
import { Link } from 'react-router-dom'
import useSWR from 'swr'
import type { AssignmentData, ClassroomAssignments } from '../../../common/assignments'
import type { TopicColumns } from '../../../common/progress'
import { keys } from '../api/keys'
import type { Classroom } from '../api/types'
import { useTranslation } from '../i18n/useTranslation'
import { Loading } from '../ui/Loading'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { schoolTime } from '../ui/schoolTime'
import { useAssignmentChanges, useClassroomAssignments } from './api/assignments'
import { AssignmentForm } from './AssignmentForm'
import { ConfirmRosterAction } from './ConfirmRosterAction'
import { DataTable } from '../ui/DataTable'
import { RowButton } from './RowButton'

type Listed = ClassroomAssignments['assignments'][number]

/** Draft (the teacher's only), scheduled (students see it from "available from"), or assigned. */
const stateOf = (assignment: Listed, now: string) =>
  assignment.state === 'draft' ? 'draftState' : assignment.availableFrom && assignment.availableFrom > now ? 'scheduled' : 'assigned'

/** The classroom page's assignments: the list with done / late / missing counts, and the form to add or change one. */
export function AssignmentsSection({ classroom }: { classroom: Classroom }) {
  const { t, language } = useTranslation()
  const { data, error, isLoading } = useClassroomAssignments(classroom.id)
  const columns = useSWR<TopicColumns[]>(keys.activityColumns())
  const changes = useAssignmentChanges(classroom.id)
  const [editing, setEditing] = useState<AssignmentData | 'new' | null>(null)
  const [deleting, setDeleting] = useState<Listed | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const timeZone = data?.classroom?.timeZone ?? classroom.timeZone ?? 'America/New_York'
  // Only an answer of the expected shape is listed (a failed or foreign answer shows as an error or nothing).
  const assignments = Array.isArray(data?.assignments) ? data.assignments : null

  return (
    <section aria-labelledby="assignments-heading">
      <div className="page-heading">
        <h2 id="assignments-heading">{t('classrooms.assignments.heading')}</h2>
        {editing === null && (
          <div className="form-actions">
            <button
              type="button"
              className="button button-primary"
              onClick={() => {
                setNotice(null)
                setEditing('new')
              }}
            >
              {t('classrooms.assignments.new')}
            </button>
          </div>
        )}
      </div>
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {editing !== null && (
        <div className="card card-body">
          <h3>{editing === 'new' ? t('classrooms.assignments.new') : t('classrooms.assignments.editTitle', { title: editing.title })}</h3>
          {columns.data ? (
            <AssignmentForm
              assignment={editing === 'new' ? null : editing}
              timeZone={timeZone}
              columns={columns.data}
              students={classroom.students ?? []}
              onCancel={() => setEditing(null)}
              onSubmit={async (input) => {
                if (editing === 'new') await changes.create(input)
                else await changes.update(editing.id, input)
                setEditing(null)
                setNotice(t('classrooms.assignments.created'))
              }}
            />
          ) : columns.error ? (
            <ErrorNotice error={columns.error} />
          ) : (
            <Loading />
          )}
        </div>
      )}
      {isLoading && <Loading />}
      {error && !data && <ErrorNotice error={error} />}
      {assignments && assignments.length === 0 && <p className="empty-state">{t('classrooms.assignments.none')}</p>}
      {data && assignments && assignments.length > 0 && (
        <DataTable
          className="assignments-table"
          caption={t('classrooms.assignments.heading')}
          hiddenCaption
          columns={[t('classrooms.assignments.title'), t('classrooms.assignments.due'), t('classrooms.assignments.state'), t('classrooms.assignments.counts')]}
          actions={t('classrooms.detail.actions')}
        >
          {assignments.map((assignment) => (
            <tr key={assignment.id}>
              <th scope="row">
                <Link to={`/user/classrooms/${classroom.id}/assignments/${assignment.id}`}>{assignment.title}</Link>
              </th>
              <td>{schoolTime(assignment.dueAt, timeZone, language)}</td>
              <td>{t(`classrooms.assignments.${stateOf(assignment, data.now)}`)}</td>
              <td>{t('classrooms.assignments.countsValue', { ...assignment.counts })}</td>
              <td className="assignment-actions">
                <RowButton
                  rowName={assignment.title}
                  onClick={() => {
                    setNotice(null)
                    setEditing(assignment)
                  }}
                >
                  {t('classrooms.assignments.edit')}
                </RowButton>
                <RowButton rowName={assignment.title} look="button-danger-outline" onClick={() => setDeleting(assignment)}>
                  {t('classrooms.assignments.delete')}
                </RowButton>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {deleting && (
        <ConfirmRosterAction
          title={t('classrooms.assignments.deleteTitle', { title: deleting.title })}
          body={t('classrooms.assignments.deleteBody')}
          confirmLabel={t('classrooms.assignments.deleteConfirm')}
          danger
          run={async () => {
            await changes.remove(deleting.id)
            setDeleting(null)
            setNotice(t('classrooms.assignments.deleted'))
          }}
          onClose={() => setDeleting(null)}
        />
      )}
    </section>
  )
}

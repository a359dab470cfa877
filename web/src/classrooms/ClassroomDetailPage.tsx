import { useState } from 'react'
import type { TFunction } from '../i18n/useTranslation'
import { useTranslation } from '../i18n/useTranslation'
import { Link, useNavigate, useParams } from 'react-router-dom'
import useSWR from 'swr'
import { ApiError } from '../api/client'
import { keys } from '../api/keys'
import type { Classroom, Student } from '../api/types'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import { NotFound } from '../ui/NotFound'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import en from '../i18n/locales/en.json'
import { translateMessage } from '../i18n/messages'
import { ClassroomForm, type ClassroomValues } from './ClassroomForm'
import { ResetStudentPasswordDialog } from './ResetStudentPasswordDialog'
import type { NewLogin } from '../../../common/progress'
import type { DeletionReceipt as Receipt } from '../../../common/answers/privacy'
import { DeletionReceipt } from './DeletionReceipt'
import { AddStudentsDialog } from './AddStudentsDialog'
import { AssignmentsSection } from './AssignmentsSection'
import { useClassroomLife, useUpdateClassroom } from './api/classrooms'
import { useClassroomAssignments } from './api/assignments'
import { useProgressGrid } from './api/progress'
import { useRoster } from './api/roster'
import { ConfirmRosterAction } from './ConfirmRosterAction'
import { LoginCards } from './LoginCards'
import { ProgressGrid } from './ProgressGrid'
import { BenchmarkMastery } from './BenchmarkMastery'
import { RowMenu } from './RowMenu'
import { DataTable } from '../ui/DataTable'

const confirmTexts = (t: TFunction, kind: 'card' | 'remove' | 'delete', username: string) => {
  const key = kind === 'card' ? 'newCard' : kind
  return {
    title: t(`classrooms.roster.${key}Title`, { username }),
    body: t(`classrooms.roster.${key}Body`),
    confirmLabel: t(`classrooms.roster.${key}Confirm`),
  }
}

/** Spec section 2: the Username column is the student's first provider's username. */
export function studentUsername(student: Student): string {
  return student.providers?.[0]?.username ?? student.username ?? ''
}

/** What the teacher types to confirm deleting a student: the name the row shows, else the username. */
const nameToConfirm = (student: Student) => [student.firstName, student.lastName].filter(Boolean).join(' ') || studentUsername(student)

type RosterAction = 'card' | 'remove' | 'delete'
type ClassroomAction = 'reprint' | 'archive' | 'delete'

function StudentsTable({
  classroom,
  onReset,
  onAction,
}: {
  classroom: Classroom
  onReset: (student: Student) => void
  onAction: (action: RosterAction, student: Student) => void
}) {
  const { t } = useTranslation()
  const students = classroom.students ?? []
  if (students.length === 0) return <p className="empty-state">{translateMessage(en.messages.noStudents)}</p>
  return (
    <DataTable
      caption={t('classrooms.detail.studentsIn', { name: classroom.name })}
      hiddenCaption
      columns={[t('classrooms.detail.username'), t('classrooms.detail.name')]}
      actions={t('classrooms.detail.actions')}
    >
      {students.map((student) => {
        const username = studentUsername(student)
        return (
          <tr key={student.id}>
            <td>{username}</td>
            <td>{[student.firstName, student.lastName].filter(Boolean).join(' ')}</td>
            <td className="roster-actions">
              <RowMenu
                label={
                  <>
                    {t('classrooms.rowMenu.button')}
                    <span className="visually-hidden">{t('classrooms.roster.actionsFor', { username })}</span>
                  </>
                }
                menuLabel={t('classrooms.rowMenu.button') + t('classrooms.roster.actionsFor', { username })}
                items={[
                  { key: 'progress', label: t('classrooms.roster.viewProgress'), to: `/user/classrooms/${classroom.id}/students/${student.id}` },
                  { key: 'reset', label: t('classrooms.detail.resetPassword'), onSelect: () => onReset(student) },
                  { key: 'card', label: t('classrooms.roster.newCard'), onSelect: () => onAction('card', student) },
                  {
                    key: 'data',
                    label: t('classrooms.roster.downloadData'),
                    href: `/api/classrooms/${classroom.id}/students/${student.id}/data`,
                    download: true,
                  },
                  { key: 'remove', label: t('classrooms.roster.remove'), onSelect: () => onAction('remove', student), separated: true },
                  { key: 'delete', label: t('classrooms.roster.deleteAccount'), onSelect: () => onAction('delete', student), destructive: true },
                ]}
              />
            </td>
          </tr>
        )
      })}
    </DataTable>
  )
}

export function ClassroomDetailPage() {
  const { t } = useTranslation()
  const { classroomId = '' } = useParams()
  const { user } = useSession()
  const key = user ? keys.classroom(user.id, classroomId) : null
  const { data: classroom, error, isLoading } = useSWR<Classroom>(key)
  // The grid's requests start with the classroom's, not after it (ProgressGrid reads the same cache entries).
  useProgressGrid(key ? classroomId : null)
  // So do the assignments' (AssignmentsSection reads the same entry) and the mastery's (BenchmarkMastery).
  useClassroomAssignments(key ? classroomId : null)
  useSWR(key ? keys.classroomBenchmarks(classroomId) : null)
  const [resetting, setResetting] = useState<Student | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [receipt, setReceipt] = useState<Receipt | null>(null)
  const [adding, setAdding] = useState(false)
  const [cards, setCards] = useState<NewLogin[] | null>(null)
  const [action, setAction] = useState<{ kind: RosterAction; student: Student } | null>(null)
  const [classroomAction, setClassroomAction] = useState<ClassroomAction | null>(null)
  const [deleteStudents, setDeleteStudents] = useState(false)
  const [restoreError, setRestoreError] = useState<unknown>(null)
  const updateClassroom = useUpdateClassroom(classroomId)
  const life = useClassroomLife(classroomId)
  const navigate = useNavigate()
  const roster = useRoster(classroomId)
  const heading = classroom?.name ?? t('classrooms.detail.loadingHeading')
  useDocumentTitle(heading)

  if (error instanceof ApiError && error.status === 404) return <NotFound />

  async function update(values: ClassroomValues) {
    if (!user || !classroom) return
    await updateClassroom(user, classroom, values)
  }

  async function runAction(kind: RosterAction, student: Student) {
    if (kind === 'card') {
      const login = await roster.newLoginCard(student)
      setCards([login])
      setNotice(login.message)
    } else {
      if (kind === 'remove') {
        setNotice((await roster.removeStudent(student)).message)
        setReceipt(null)
      } else {
        const answer = await roster.deleteStudent(student)
        setNotice(answer.message)
        setReceipt(answer.receipt)
      }
    }
    setAction(null)
  }

  async function runClassroomAction(kind: ClassroomAction) {
    if (!user || !classroom) return
    if (kind === 'reprint') {
      const answer = await roster.newClassCards()
      setCards(answer.students)
      setNotice(answer.message)
    } else if (kind === 'archive') {
      setNotice((await life.setArchived(user, classroom, true)).message)
    } else {
      const answer = await life.deleteClassroom(user, deleteStudents)
      navigate('/user/classrooms', { replace: true, state: { notice: answer.message } })
      return
    }
    setClassroomAction(null)
  }

  async function restore() {
    if (!user || !classroom) return
    setRestoreError(null)
    try {
      setNotice((await life.setArchived(user, classroom, false)).message)
    } catch (failure) {
      setRestoreError(failure)
    }
  }

  if (cards && classroom) return <LoginCards logins={cards} classroom={classroom} onDone={() => setCards(null)} />

  return (
    <>
      <h1>{heading}</h1>
      <p>
        <Link to="/user/classrooms">{t('classrooms.back')}</Link>
      </p>
      {isLoading && <Loading />}
      {error && !classroom && <ErrorNotice error={error} />}
      {classroom && (
        <>
          <p className="classroom-code">
            {t('classrooms.code')} <span className="code">{classroom.code}</span>
          </p>
          {classroom.archivedAt && (
            <div className="notice notice-info">
              <p>{t('classrooms.archive.archivedNotice')}</p>
              <button type="button" className="button button-secondary" onClick={() => void restore()}>
                {t('classrooms.archive.restore')}
              </button>
              {restoreError !== null && <ErrorNotice error={restoreError} />}
            </div>
          )}
          {notice && <SuccessNotice>{notice}</SuccessNotice>}
          {receipt && <DeletionReceipt receipt={receipt} onDone={() => setReceipt(null)} />}
          <section aria-labelledby="students-heading">
            <div className="page-heading">
              <h2 id="students-heading">{t('classrooms.detail.students')}</h2>
              <div className="form-actions">
                {(classroom.students?.length ?? 0) > 0 && (
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => {
                      setNotice(null)
                      setClassroomAction('reprint')
                    }}
                  >
                    {t('classrooms.cards.reprint')}
                  </button>
                )}
                <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
                  {t('classrooms.roster.addStudents')}
                </button>
              </div>
            </div>
            <StudentsTable
              classroom={classroom}
              onReset={(student) => {
                setNotice(null)
                setResetting(student)
              }}
              onAction={(kind, student) => {
                setNotice(null)
                setAction({ kind, student })
              }}
            />
          </section>
          <AssignmentsSection classroom={classroom} />
          <section aria-labelledby="progress-heading">
            <h2 id="progress-heading">{t('classrooms.progress.heading')}</h2>
            <ProgressGrid classroomId={classroom.id} />
          </section>
          <section aria-labelledby="mastery-heading">
            <h2 id="mastery-heading">{t('classrooms.mastery.heading')}</h2>
            <BenchmarkMastery classroomId={classroom.id} />
          </section>
          <section aria-labelledby="edit-classroom-heading">
            <h2 id="edit-classroom-heading">{t('classrooms.detail.edit')}</h2>
            <ClassroomForm
              key={classroom.id}
              submitLabel={t('classrooms.detail.update')}
              defaultValues={{ name: classroom.name, code: classroom.code }}
              onSubmit={update}
            />
          </section>
          <section aria-labelledby="classroom-life-heading">
            <h2 id="classroom-life-heading">{t('classrooms.archive.heading')}</h2>
            <div className="classroom-danger-zone">
              {!classroom.archivedAt && (
                <button type="button" className="button button-secondary" onClick={() => setClassroomAction('archive')}>
                  {t('classrooms.archive.archive')}
                </button>
              )}
              <button
                type="button"
                className="button button-danger-outline"
                onClick={() => {
                  setDeleteStudents(false)
                  setClassroomAction('delete')
                }}
              >
                {t('classrooms.archive.delete')}
              </button>
            </div>
          </section>
          {adding && (
            <AddStudentsDialog
              addStudents={roster.addStudents}
              onCreated={(logins, message) => {
                setAdding(false)
                setCards(logins)
                setNotice(message)
              }}
              onClose={() => setAdding(false)}
            />
          )}
          {action && (
            <ConfirmRosterAction
              {...confirmTexts(t, action.kind, studentUsername(action.student))}
              danger={action.kind === 'delete'}
              confirmName={action.kind === 'delete' ? nameToConfirm(action.student) : undefined}
              run={() => runAction(action.kind, action.student)}
              onClose={() => setAction(null)}
            />
          )}
          {classroomAction === 'reprint' && (
            <ConfirmRosterAction
              title={t('classrooms.cards.reprintTitle', { name: classroom.name })}
              body={t('classrooms.cards.reprintBody')}
              confirmLabel={t('classrooms.cards.reprintConfirm')}
              run={() => runClassroomAction('reprint')}
              onClose={() => setClassroomAction(null)}
            />
          )}
          {classroomAction === 'archive' && (
            <ConfirmRosterAction
              title={t('classrooms.archive.archiveTitle', { name: classroom.name })}
              body={t('classrooms.archive.archiveBody')}
              confirmLabel={t('classrooms.archive.archive')}
              run={() => runClassroomAction('archive')}
              onClose={() => setClassroomAction(null)}
            />
          )}
          {classroomAction === 'delete' && (
            <ConfirmRosterAction
              title={t('classrooms.archive.deleteTitle', { name: classroom.name })}
              body={t('classrooms.archive.deleteBody')}
              confirmLabel={t('classrooms.archive.deleteConfirm')}
              danger
              confirmName={classroom.name}
              run={() => runClassroomAction('delete')}
              onClose={() => setClassroomAction(null)}
            >
              {(classroom.students?.length ?? 0) > 0 && (
                <fieldset className="field">
                  <legend>{t('classrooms.archive.studentsQuestion')}</legend>
                  <label>
                    <input type="radio" name="students" checked={!deleteStudents} onChange={() => setDeleteStudents(false)} />{' '}
                    {t('classrooms.archive.keepStudents')}
                  </label>
                  <label>
                    <input type="radio" name="students" checked={deleteStudents} onChange={() => setDeleteStudents(true)} />{' '}
                    {t('classrooms.archive.deleteStudents')}
                  </label>
                </fieldset>
              )}
            </ConfirmRosterAction>
          )}
          {resetting && (
            <ResetStudentPasswordDialog
              classroomId={classroom.id}
              student={resetting}
              username={studentUsername(resetting)}
              onDone={(message) => {
                setNotice(message)
                setResetting(null)
              }}
              onClose={() => setResetting(null)}
            />
          )}
        </>
      )}
    </>
  )
}

import { useState } from 'react'
import type { TFunction } from '../i18n/useTranslation'
import { useTranslation } from '../i18n/useTranslation'
import { Link, useParams } from 'react-router-dom'
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
import { AddStudentsDialog } from './AddStudentsDialog'
import { useUpdateClassroom } from './api/classrooms'
import { useProgressGrid } from './api/progress'
import { useRoster } from './api/roster'
import { ConfirmRosterAction } from './ConfirmRosterAction'
import { LoginCards } from './LoginCards'
import { ProgressGrid } from './ProgressGrid'

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

type RosterAction = 'card' | 'remove' | 'delete'

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
    <div className="table-wrapper">
      <table className="table">
        <caption className="visually-hidden">{t('classrooms.detail.studentsIn', { name: classroom.name })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('classrooms.detail.username')}</th>
            <th scope="col">{t('classrooms.detail.name')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('classrooms.detail.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {students.map((student) => {
            const username = studentUsername(student)
            return (
              <tr key={student.id}>
                <td>{username}</td>
                <td>{[student.firstName, student.lastName].filter(Boolean).join(' ')}</td>
                <td className="roster-actions">
                  <Link className="button button-secondary button-small" to={`/user/classrooms/${classroom.id}/students/${student.id}`}>
                    {t('classrooms.roster.viewProgress')}
                    <span className="visually-hidden">{t('classrooms.roster.actionsFor', { username })}</span>
                  </Link>
                  <button type="button" className="button button-secondary button-small" onClick={() => onReset(student)}>
                    {t('classrooms.detail.resetPassword')}
                    <span className="visually-hidden">{t('classrooms.detail.resetPasswordFor', { username })}</span>
                  </button>
                  <button type="button" className="button button-secondary button-small" onClick={() => onAction('card', student)}>
                    {t('classrooms.roster.newCard')}
                    <span className="visually-hidden">{t('classrooms.roster.actionsFor', { username })}</span>
                  </button>
                  <a className="button button-secondary button-small" href={`/api/classrooms/${classroom.id}/students/${student.id}/data`} download>
                    {t('classrooms.roster.downloadData')}
                    <span className="visually-hidden">{t('classrooms.roster.actionsFor', { username })}</span>
                  </a>
                  <button type="button" className="button button-secondary button-small" onClick={() => onAction('remove', student)}>
                    {t('classrooms.roster.remove')}
                    <span className="visually-hidden">{t('classrooms.roster.actionsFor', { username })}</span>
                  </button>
                  <button type="button" className="button button-secondary button-small" onClick={() => onAction('delete', student)}>
                    {t('classrooms.roster.deleteAccount')}
                    <span className="visually-hidden">{t('classrooms.roster.actionsFor', { username })}</span>
                  </button>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
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
  const [resetting, setResetting] = useState<Student | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  const [cards, setCards] = useState<NewLogin[] | null>(null)
  const [action, setAction] = useState<{ kind: RosterAction; student: Student } | null>(null)
  const updateClassroom = useUpdateClassroom(classroomId)
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
      const answer = await (kind === 'remove' ? roster.removeStudent(student) : roster.deleteStudent(student))
      setNotice(answer.message)
    }
    setAction(null)
  }

  if (cards && classroom) return <LoginCards logins={cards} code={classroom.code} onDone={() => setCards(null)} />

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
          {notice && <SuccessNotice>{notice}</SuccessNotice>}
          <section aria-labelledby="students-heading">
            <div className="page-heading">
              <h2 id="students-heading">{t('classrooms.detail.students')}</h2>
              <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
                {t('classrooms.roster.addStudents')}
              </button>
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
          <section aria-labelledby="progress-heading">
            <h2 id="progress-heading">{t('classrooms.progress.heading')}</h2>
            <ProgressGrid classroomId={classroom.id} />
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
              run={() => runAction(action.kind, action.student)}
              onClose={() => setAction(null)}
            />
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

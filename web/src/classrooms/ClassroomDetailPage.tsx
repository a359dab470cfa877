import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import useSWR, { useSWRConfig } from 'swr'
import { api, ApiError } from '../api/client'
import { keys } from '../api/keys'
import type { Classroom, Student } from '../api/types'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import { NotFound } from '../ui/NotFound'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { translateMessage } from '../i18n/messages'
import { ClassroomForm, type ClassroomValues } from './ClassroomForm'
import { NO_STUDENTS } from './classroomSchema'
import { ResetStudentPasswordDialog } from './ResetStudentPasswordDialog'

/** Spec section 2: the Username column is the student's first provider's username. */
export function studentUsername(student: Student): string {
  return student.providers?.[0]?.username ?? student.username ?? ''
}

function StudentsTable({ classroom, onReset }: { classroom: Classroom; onReset: (student: Student) => void }) {
  const { t } = useTranslation()
  const students = classroom.students ?? []
  if (students.length === 0) return <p className="empty-state">{translateMessage(NO_STUDENTS)}</p>
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
                <td>
                  <button type="button" className="button button-secondary button-small" onClick={() => onReset(student)}>
                    {t('classrooms.detail.resetPassword')}
                    <span className="visually-hidden">{t('classrooms.detail.resetPasswordFor', { username })}</span>
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
  const { mutate } = useSWRConfig()
  const key = user ? keys.classroom(user.id, classroomId) : null
  const { data: classroom, error, isLoading } = useSWR<Classroom>(key)
  const [resetting, setResetting] = useState<Student | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const heading = classroom?.name ?? t('classrooms.detail.loadingHeading')
  useDocumentTitle(heading)

  if (error instanceof ApiError && error.status === 404) return <NotFound />

  async function update(values: ClassroomValues) {
    if (!user || !key) return
    const saved = await api.put<Classroom>(`/api/classrooms/${classroomId}`, values)
    await mutate(key, { ...classroom, ...saved }, { revalidate: false })
    void mutate(keys.classrooms(user.id))
  }

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
            <h2 id="students-heading">{t('classrooms.detail.students')}</h2>
            <StudentsTable
              classroom={classroom}
              onReset={(student) => {
                setNotice(null)
                setResetting(student)
              }}
            />
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

import { useState } from 'react'
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
import { ClassroomForm, type ClassroomValues } from './ClassroomForm'
import { NO_STUDENTS } from './classroomSchema'
import { ResetStudentPasswordDialog } from './ResetStudentPasswordDialog'

export const CLASSROOM_LOADING_HEADING = 'Your Classroom'

/** Spec section 2: the Username column is the student's first provider's username. */
export function studentUsername(student: Student): string {
  return student.providers?.[0]?.username ?? student.username ?? ''
}

function StudentsTable({ classroom, onReset }: { classroom: Classroom; onReset: (student: Student) => void }) {
  const students = classroom.students ?? []
  if (students.length === 0) return <p className="empty-state">{NO_STUDENTS}</p>
  return (
    <div className="table-wrapper">
      <table className="table">
        <caption className="visually-hidden">Students in {classroom.name}</caption>
        <thead>
          <tr>
            <th scope="col">Username</th>
            <th scope="col">Name</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
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
                    Reset password<span className="visually-hidden"> for {username}</span>
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
  const { classroomId = '' } = useParams()
  const { user } = useSession()
  const { mutate } = useSWRConfig()
  const key = user ? keys.classroom(user.id, classroomId) : null
  const { data: classroom, error, isLoading } = useSWR<Classroom>(key)
  const [resetting, setResetting] = useState<Student | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  useDocumentTitle(classroom?.name ?? CLASSROOM_LOADING_HEADING)

  if (error instanceof ApiError && error.status === 404) return <NotFound />

  async function update(values: ClassroomValues) {
    if (!user || !key) return
    const saved = await api.put<Classroom>(`/api/classrooms/${classroomId}`, values)
    await mutate(key, { ...classroom, ...saved }, { revalidate: false })
    void mutate(keys.classrooms(user.id))
  }

  return (
    <>
      <h1>{classroom?.name ?? CLASSROOM_LOADING_HEADING}</h1>
      <p>
        <Link to="/user/classrooms">Back to classrooms</Link>
      </p>
      {isLoading && <Loading />}
      {error && !classroom && <ErrorNotice error={error} />}
      {classroom && (
        <>
          <p className="classroom-code">
            Code: <span className="code">{classroom.code}</span>
          </p>
          {notice && <SuccessNotice>{notice}</SuccessNotice>}
          <section aria-labelledby="students-heading">
            <h2 id="students-heading">Students</h2>
            <StudentsTable
              classroom={classroom}
              onReset={(student) => {
                setNotice(null)
                setResetting(student)
              }}
            />
          </section>
          <section aria-labelledby="edit-classroom-heading">
            <h2 id="edit-classroom-heading">Edit Classroom</h2>
            <ClassroomForm
              key={classroom.id}
              submitLabel="Update Classroom"
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

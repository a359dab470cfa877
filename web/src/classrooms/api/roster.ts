import { useSWRConfig } from 'swr'
import type { NewLogin } from '../../../../common/progress'
import type { DeletionAnswer } from '../../../../common/answers/privacy'
import { api } from '../../api/client'
import { keys } from '../../api/keys'
import type { Student } from '../../api/types'
import { useSession } from '../../session/useSession'

type Id = string | number
type Answer = { message: string }

/** How the teacher asks for new students: a number of them, or their first names. */
export type NewStudentsRequest = { count: number } | { firstNames: string[] }
/** The new accounts, each with its password (shown once, on the login cards). */
export type NewStudents = Answer & { students: NewLogin[] }

/** One student of the classroom (docs/api.md, `/api/classrooms/:id/students/:studentId`). */
const studentPath = (classroomId: Id, student: Student) => `/api/classrooms/${classroomId}/students/${student.id}`

/** A teacher sets a new password for one of their students (no cached data holds passwords). */
export const resetStudentPassword = (classroomId: Id, student: Student, values: { password: string }) =>
  api.put<{ message?: string }>(`${studentPath(classroomId, student)}/password`, values)

/**
 * The roster's calls for one classroom. A change of who is in the class fetches again the
 * students table, the teacher's classroom list (its count), the progress grid and the mastery table.
 */
export function useRoster(classroomId: Id) {
  const { mutate } = useSWRConfig()
  const { user } = useSession()

  async function changingRoster<T>(call: Promise<T>): Promise<T> {
    const answer = await call
    if (user) {
      void mutate(keys.classroom(user.id, classroomId))
      void mutate(keys.classrooms(user.id))
    }
    void mutate(keys.classroomProgress(classroomId))
    // The mastery table lists the students too: a removed or deleted one leaves it at once.
    void mutate(keys.classroomBenchmarks(classroomId))
    return answer
  }

  return {
    addStudents: (request: NewStudentsRequest) => changingRoster(api.post<NewStudents>(`/api/classrooms/${classroomId}/students`, request)),
    /** New passwords for every student of the class at once, for a new set of cards; nothing cached changes. */
    newClassCards: () => api.post<NewStudents>(`/api/classrooms/${classroomId}/login-cards`),
    /** A new password for one student, for a new login card; nothing cached changes. */
    newLoginCard: (student: Student) => api.post<Answer & NewLogin>(`${studentPath(classroomId, student)}/password`),
    /** The student leaves the classroom; the account stays. */
    removeStudent: (student: Student) => changingRoster(api.delete<Answer>(studentPath(classroomId, student))),
    /** The student's account is deleted, with all its data; the answer is the receipt. */
    deleteStudent: (student: Student) => changingRoster(api.delete<DeletionAnswer>(`${studentPath(classroomId, student)}/account`)),
  }
}

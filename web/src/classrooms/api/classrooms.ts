import { useSWRConfig } from 'swr'
import { api } from '../../api/client'
import { keys } from '../../api/keys'
import type { Classroom, Student, User } from '../../api/types'
import type { ClassroomValues } from '../ClassroomForm'

/**
 * A teacher's new classroom: the answer fills its own cache entry (the page it opens shows it at
 * once) and the teacher's list is fetched again.
 */
export function useCreateClassroom() {
  const { mutate } = useSWRConfig()
  return async (user: User, values: ClassroomValues) => {
    const classroom = await api.post<Classroom>(`/api/users/${user.id}/classrooms`, values)
    await mutate(keys.classroom(user.id, classroom.id), classroom, { revalidate: false })
    void mutate(keys.classrooms(user.id))
    return classroom
  }
}

/** A teacher sets a new password for one of their students (no cached data holds passwords). */
export const resetStudentPassword = (classroomId: string | number, student: Student, values: { password: string }) =>
  api.put<{ message?: string }>(`/api/classrooms/${classroomId}/students/${student.id}/password`, values)

import { useSWRConfig } from 'swr'
import { api } from '../../api/client'
import { keys } from '../../api/keys'
import type { Classroom, User } from '../../api/types'
import type { ClassroomValues } from '../ClassroomForm'

/** A readable code no classroom uses yet, for the create form to offer (the server checks it again on create). */
export const proposeClassroomCode = async () => (await api.get<{ code: string }>('/api/classrooms/proposed-code')).code

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

/**
 * A classroom's new name or code: the answer goes into the page's cache entry at once (over the
 * students it already holds) and the teacher's list is fetched again.
 */
export function useUpdateClassroom(classroomId: string | number) {
  const { mutate } = useSWRConfig()
  return async (user: User, classroom: Classroom, values: ClassroomValues) => {
    const saved = await api.put<Classroom>(`/api/classrooms/${classroomId}`, values)
    await mutate(keys.classroom(user.id, classroomId), { ...classroom, ...saved }, { revalidate: false })
    void mutate(keys.classrooms(user.id))
  }
}

type Answer = { message: string }

/**
 * Archiving (or restoring) and deleting a classroom. Either changes the teacher's lists (in use
 * and archived), which are fetched again; an archived classroom's page shows it at once.
 */
export function useClassroomLife(classroomId: string | number) {
  const { mutate } = useSWRConfig()
  const refreshLists = (user: User) => {
    void mutate(keys.classrooms(user.id))
    void mutate(keys.archivedClassrooms(user.id))
  }
  return {
    setArchived: async (user: User, classroom: Classroom, archived: boolean) => {
      const answer = await api.put<Answer & { classroom: { archivedAt: string | null } }>(`/api/classrooms/${classroomId}/archived`, { archived })
      await mutate(keys.classroom(user.id, classroomId), { ...classroom, archivedAt: answer.classroom.archivedAt }, { revalidate: false })
      refreshLists(user)
      return answer
    },
    /** `deleteStudents`: their accounts and data go too; otherwise they stay, out of any classroom. */
    deleteClassroom: async (user: User, deleteStudents: boolean) => {
      const answer = await api.delete<Answer>(`/api/classrooms/${classroomId}?students=${deleteStudents ? 'delete' : 'keep'}`)
      refreshLists(user)
      return answer
    },
  }
}

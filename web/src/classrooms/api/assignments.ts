import useSWR, { useSWRConfig } from 'swr'
import type { AssignmentData, AssignmentReport, ClassroomAssignments, Extension } from '../../../../common/assignments'
import type { Id } from '../../../../common/progress'
import { api } from '../../api/client'
import { keys } from '../../api/keys'

/** What the form sends: times on the classroom's clock (`2026-03-06T23:59`), read by the server in its time zone. */
export type AssignmentInput = {
  title: string
  instructions: string
  state: 'draft' | 'published'
  availableFrom: string | null
  dueAt: string
  modules: Id[]
  activities: Id[]
  students: Id[]
  extensions?: Extension[]
}

export const useClassroomAssignments = (classroomId: Id | null) =>
  useSWR<ClassroomAssignments>(classroomId === null ? null : keys.classroomAssignments(classroomId))

export const useAssignmentReport = (assignmentId: Id) => useSWR<AssignmentReport>(keys.assignmentReport(assignmentId))

/** Creating, changing and deleting a classroom's assignments; each refreshes the list (and the report it changed). */
export function useAssignmentChanges(classroomId: Id) {
  const { mutate } = useSWRConfig()
  const refresh = (assignmentId?: Id) => {
    void mutate(keys.classroomAssignments(classroomId))
    if (assignmentId !== undefined) void mutate(keys.assignmentReport(assignmentId))
  }
  return {
    create: async (input: AssignmentInput) => {
      const saved = await api.post<AssignmentData>('/api/assignments', { classroom: classroomId, ...input })
      refresh()
      return saved
    },
    update: async (assignmentId: Id, input: Partial<AssignmentInput>) => {
      const saved = await api.patch<AssignmentData>(`/api/assignments/${assignmentId}`, input)
      refresh(assignmentId)
      return saved
    },
    remove: async (assignmentId: Id) => {
      await api.delete(`/api/assignments/${assignmentId}`)
      refresh()
    },
  }
}

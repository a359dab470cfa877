import useSWR, { type SWRResponse } from 'swr'
import type { ClassroomProgress, Id, StudentProgress, TopicColumns } from '../../../../common/progress'
import { keys } from '../../api/keys'

/**
 * Rows read with the grid's columns (docs/api.md): the columns are the same for every classroom
 * and student (the server keeps them and the browser revalidates them with a 304 until content
 * changes). The screen shows once both have answered; either one failing is the screen's error.
 */
const withColumns = <T>(rows: SWRResponse<T>, columns: SWRResponse<TopicColumns[]>) => {
  const error: unknown = (!rows.data && rows.error) || (!columns.data && columns.error) || undefined
  return { progress: rows.data, columns: columns.data, isLoading: rows.isLoading || columns.isLoading, error }
}

/** The progress grid: this classroom's students and attempts, and the columns. `null` asks for nothing yet. */
export function useProgressGrid(classroomId: Id | null) {
  const rows = useSWR<ClassroomProgress>(classroomId === null ? null : keys.classroomProgress(classroomId))
  const columns = useSWR<TopicColumns[]>(classroomId === null ? null : keys.activityColumns())
  return withColumns(rows, columns)
}

/** One student's page: their attempts, and the columns. */
export function useStudentProgress(classroomId: Id, studentId: Id) {
  const rows = useSWR<StudentProgress>(keys.studentProgress(classroomId, studentId))
  const columns = useSWR<TopicColumns[]>(keys.activityColumns())
  return withColumns(rows, columns)
}

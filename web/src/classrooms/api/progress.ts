import useSWR from 'swr'
import type { ClassroomProgress, Id, TopicColumns } from '../../../../common/progress'
import { keys } from '../../api/keys'

/**
 * The progress grid's two answers (docs/api.md): the columns, the same for every classroom (the
 * server keeps them and the browser revalidates them with a 304 until content changes), and this
 * classroom's students and attempts. The grid shows once both have answered; either one failing
 * is the grid's error. `null` asks for nothing yet.
 */
export function useProgressGrid(classroomId: Id | null) {
  const rows = useSWR<ClassroomProgress>(classroomId === null ? null : keys.classroomProgress(classroomId))
  const columns = useSWR<TopicColumns[]>(classroomId === null ? null : keys.activityColumns())
  const error: unknown = (!rows.data && rows.error) || (!columns.data && columns.error) || undefined
  return { progress: rows.data, columns: columns.data, isLoading: rows.isLoading || columns.isLoading, error }
}

import { useParams } from 'react-router-dom'
import useSWR from 'swr'
import { ApiError } from '../../api/client'
import { docKey } from '../../api/keys'
import { useEditingLocale } from '../editingLocale'
import type { StaffCollection } from '../../../../common/scopes'

/** Loads the document named by a route parameter; `missing` is true on a 404. */
export function useConsoleDoc<T>(collection: StaffCollection, param: string, depth = 1, populate: Record<string, string[]> = {}) {
  const id = useParams()[param] ?? ''
  const locale = useEditingLocale()
  const { data, error, isLoading, mutate } = useSWR<T>(id ? docKey(collection, id, depth, populate, locale) : null)
  const missing = error instanceof ApiError && error.status === 404
  return { id, doc: data, error, isLoading, missing, mutate }
}

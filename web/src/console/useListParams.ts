import { useRef } from 'react'
import { useSearchParams } from 'react-router-dom'

/** A list's page, sort, search and filter live in the URL, so Back and shared links keep them. */
export function useListParams(defaultSort: string) {
  const [params, setParams] = useSearchParams()
  // The parameters as last set here: React Router hands a functional update the parameters of the
  // last render, so a filter chosen before the list drew again (just after a search) lost the search.
  const latest = useRef(params)
  latest.current = params
  const page = Math.max(1, Number(params.get('page')) || 1)
  const sort = params.get('sort') || defaultSort
  const q = params.get('q') ?? ''

  function update(changes: Record<string, string | number | null>) {
    const next = new URLSearchParams(latest.current)
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(name)
      else next.set(name, String(value))
    }
    // A new sort, search or filter starts again from the first page.
    if (!('page' in changes)) next.delete('page')
    latest.current = next
    setParams(next, { replace: true })
  }

  return { page, sort, q, params, update, setPage: (value: number) => update({ page: value > 1 ? value : null }) }
}

import { useSearchParams } from 'react-router-dom'

/** A list's page, sort, search and filter live in the URL, so Back and shared links keep them. */
export function useListParams(defaultSort: string) {
  const [params, setParams] = useSearchParams()
  const page = Math.max(1, Number(params.get('page')) || 1)
  const sort = params.get('sort') || defaultSort
  const q = params.get('q') ?? ''

  function update(changes: Record<string, string | number | null>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(name)
          else next.set(name, String(value))
        }
        // A new sort, search or filter starts again from the first page.
        if (!('page' in changes)) next.delete('page')
        return next
      },
      { replace: true },
    )
  }

  return { page, sort, q, params, update, setPage: (value: number) => update({ page: value > 1 ? value : null }) }
}

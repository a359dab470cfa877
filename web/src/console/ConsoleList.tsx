import { useTranslation } from '../i18n/useTranslation'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import useSWR from 'swr'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import { ErrorNotice } from '../ui/Notice'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { listKey } from '../api/keys'
import type { ListAnswer } from './api/consoleApi'
import { can, sectionOf, type Collection } from './consoleScopes'
import { Pagination } from './Pagination'
import { useListParams } from './useListParams'

export interface Column<T> {
  /** A catalogue key. */
  header: string
  cell: (doc: T) => ReactNode
}

export interface SortOption {
  value: string
  /** A catalogue key. */
  label: string
}

interface Props<T> {
  collection: Collection
  columns: Column<T>[]
  sortOptions: SortOption[]
  /** The query pairs a search adds; null hides the search box. Default: the title is like it. */
  search?: ((q: string) => [string, string][]) | null
  select?: string[]
  depth?: number
  /** Extra query pairs from filters the screen adds. */
  params?: [string, string][]
  filters?: ReactNode
  createLabel?: string
  emptyText?: string
  /** A paragraph under the heading that says what the list is. */
  intro?: ReactNode
  /** A table wider than the screen: its scrolling box takes the keyboard's focus, so it scrolls without a mouse. */
  wide?: boolean
}

/** A server-paginated, sortable, searchable table of one collection. */
export function ConsoleList<T extends { id: string | number }>({
  collection,
  columns,
  sortOptions,
  search = (q) => [['where[title][like]', q]],
  select,
  depth = 0,
  params = [],
  filters,
  createLabel,
  emptyText,
  intro,
  wide = false,
}: Props<T>) {
  const { t } = useTranslation()
  const section = sectionOf(collection)
  const title = t(section.label)
  useDocumentTitle(title)
  const { user } = useSession()
  const id = useId()
  const list = useListParams(sortOptions[0].value)
  const [query, setQuery] = useState(list.q)
  const where = search && list.q ? search(list.q) : []
  const key = listKey(collection, { page: list.page, sort: list.sort, select, depth, params: [...params, ...where] })
  const { data, error, isLoading } = useSWR<ListAnswer<T>>(key, { keepPreviousData: true })

  function submitSearch(event: FormEvent) {
    event.preventDefault()
    list.update({ q: query.trim() })
  }

  return (
    <>
      <div className="page-heading">
        <h1>{title}</h1>
        {createLabel && can(user, collection, 'write') && (
          <Link to={`${section.path}/create`} className="button button-primary">
            {createLabel}
          </Link>
        )}
      </div>
      {intro}
      <div className="console-controls">
        {search && (
          <form role="search" onSubmit={submitSearch} className="console-search">
            <label htmlFor={`${id}-q`}>{t('console.list.searchIn', { section: title.toLowerCase() })}</label>
            <input id={`${id}-q`} type="search" className="input" value={query} onChange={(event) => setQuery(event.target.value)} />
            <button type="submit" className="button button-secondary button-small">
              {t('console.list.search')}
            </button>
          </form>
        )}
        <div className="console-sort">
          <label htmlFor={`${id}-sort`}>{t('console.list.sortBy')}</label>
          <select id={`${id}-sort`} className="input select" value={list.sort} onChange={(event) => list.update({ sort: event.target.value })}>
            {sortOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </div>
        {filters}
      </div>
      {isLoading && !data && <Loading />}
      {error && <ErrorNotice error={error} />}
      {data && data.docs.length === 0 && (
        <p className="empty-state">{list.q ? t('console.list.noResults', { query: list.q }) : (emptyText ?? t('console.list.empty'))}</p>
      )}
      {data && data.docs.length > 0 && (
        <>
          <div className="table-wrapper" {...(wide ? { role: 'region', 'aria-label': title, tabIndex: 0 } : {})}>
            <table className="table console-table">
              <caption className="visually-hidden">{title}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.header} scope="col">
                      {t(column.header)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.docs.map((doc) => (
                  <tr key={doc.id}>
                    {columns.map((column) => (
                      <td key={column.header}>{column.cell(doc)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={data.page} totalPages={data.totalPages} totalDocs={data.totalDocs} onPage={list.setPage} />
        </>
      )}
    </>
  )
}

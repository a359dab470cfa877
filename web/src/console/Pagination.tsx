interface Props {
  page: number
  totalPages: number
  totalDocs: number
  onPage: (page: number) => void
}

/** Previous / next controls of a server-paginated list. */
export function Pagination({ page, totalPages, totalDocs, onPage }: Props) {
  if (totalPages <= 1) return <p className="console-count">{totalDocs === 1 ? '1 item' : `${totalDocs} items`}</p>
  return (
    <nav aria-label="Pagination" className="console-pagination">
      <button type="button" className="button button-secondary button-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span aria-current="page">
        Page {page} of {totalPages} ({totalDocs} items)
      </span>
      <button type="button" className="button button-secondary button-small" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  )
}

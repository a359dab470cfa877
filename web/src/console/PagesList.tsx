import { Link } from 'react-router-dom'
import { ConsoleList, type Column } from './ConsoleList'
import { formatDate, type PageDoc } from './consoleTypes'
import { markdownExcerpt } from './markdownExcerpt'
import { PAGE_SORTS } from './sortOptions'

function Excerpt({ page }: { page: PageDoc }) {
  const { text, truncated } = markdownExcerpt(page.content?.markdown)
  return (
    <span className="console-excerpt">
      <span data-testid="page-excerpt">{text}</span>
      {truncated && <span aria-hidden="true">…</span>}
    </span>
  )
}

const columns: Column<PageDoc>[] = [
  { header: 'Title', cell: (page) => <Link to={`/console/pages/${page.id}`}>{page.title}</Link> },
  { header: 'Slug', cell: (page) => <code>/{page.slug}</code> },
  { header: 'Content', cell: (page) => <Excerpt page={page} /> },
  { header: 'Updated', cell: (page) => formatDate(page.updatedAt) },
]

export function PagesList() {
  return <ConsoleList<PageDoc> collection="pages" columns={columns} sortOptions={PAGE_SORTS} createLabel="New Page" emptyText="No pages yet." />
}

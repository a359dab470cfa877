import { useTranslation } from '../../i18n/useTranslation'
import { Link } from 'react-router-dom'
import { ConsoleList, type Column } from '../ConsoleList'
import { formatDate, type PageDoc } from '../api/consoleTypes'
import { markdownExcerpt } from '../markdownExcerpt'
import { PAGE_SORTS } from '../sortOptions'

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
  { header: 'console.columns.title', cell: (page) => <Link to={`/console/pages/${page.id}`}>{page.title}</Link> },
  { header: 'console.columns.slug', cell: (page) => <code>/{page.slug}</code> },
  { header: 'console.columns.content', cell: (page) => <Excerpt page={page} /> },
  { header: 'console.columns.updated', cell: (page) => formatDate(page.updatedAt) },
]

export function PagesList() {
  const { t } = useTranslation()
  return (
    <ConsoleList<PageDoc>
      collection="pages"
      columns={columns}
      sortOptions={PAGE_SORTS}
      createLabel={t('console.pages.new')}
      emptyText={t('console.pages.none')}
    />
  )
}

import { useTranslation } from '../i18n/useTranslation'
interface Props {
  page: number
  totalPages: number
  totalDocs: number
  onPage: (page: number) => void
}

/** Previous / next controls of a server-paginated list. */
export function Pagination({ page, totalPages, totalDocs, onPage }: Props) {
  const { t } = useTranslation()
  if (totalPages <= 1) return <p className="console-count">{t('console.pagination.items', { count: totalDocs })}</p>
  return (
    <nav aria-label={t('console.pagination.label')} className="console-pagination">
      <button type="button" className="button button-secondary button-small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('console.pagination.previous')}
      </button>
      <span aria-current="page">{t('console.pagination.page', { page, totalPages, count: totalDocs })}</span>
      <button type="button" className="button button-secondary button-small" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('console.pagination.next')}
      </button>
    </nav>
  )
}

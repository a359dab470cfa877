import { useTranslation } from '../../i18n/useTranslation'
import { Link } from 'react-router-dom'
import { Loading } from '../../ui/Loading'
import { useDocumentTitle } from '../../ui/useDocumentTitle'
import { ConsoleError } from '../ConsoleError'
import { ConsoleNotFound } from '../ConsoleNotFound'
import type { PageDoc } from '../api/consoleTypes'
import { CopyButton } from '../CopyButton'
import { DeleteButton } from '../DeleteButton'
import { PageForm } from './PageForm'
import { useConsoleDoc } from '../api/useConsoleDoc'

/** /console/pages/:pageId */
export function PageEditPage() {
  const { t } = useTranslation()
  const { doc: page, error, isLoading, missing } = useConsoleDoc<PageDoc>('pages', 'pageId', 0)
  useDocumentTitle(page ? t('console.edit.titleOf', { title: page.title }) : t('console.pages.edit'))
  if (missing) return <ConsoleNotFound />
  if (isLoading) return <Loading />
  if (!page) return error ? <ConsoleError error={error} /> : null
  return (
    <>
      <div className="page-heading">
        <h1>{t('console.pages.edit')}</h1>
        <div className="console-actions">
          <Link to={`/${page.slug}`}>{t('console.pages.view')}</Link>
          <CopyButton label={t('console.pages.copyAddress')} text={`${window.location.origin}/${page.slug}`} />
          <DeleteButton collection="pages" id={page.id} name={t('console.delete.page', { title: page.title })} redirectTo="/console/pages" />
        </div>
      </div>
      <PageForm key={page.id} page={page} />
    </>
  )
}

import { Link } from 'react-router-dom'
import { Loading } from '../ui/Loading'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { ConsoleError } from './ConsoleError'
import { ConsoleNotFound } from './ConsoleNotFound'
import type { PageDoc } from './consoleTypes'
import { CopyButton } from './CopyButton'
import { DeleteButton } from './DeleteButton'
import { PageForm } from './PageForm'
import { useConsoleDoc } from './useConsoleDoc'

/** /console/pages/:pageId */
export function PageEditPage() {
  const { doc: page, error, isLoading, missing } = useConsoleDoc<PageDoc>('pages', 'pageId', 0)
  useDocumentTitle(page ? `Edit ${page.title}` : 'Edit Page')
  if (missing) return <ConsoleNotFound />
  if (isLoading) return <Loading />
  if (!page) return error ? <ConsoleError error={error} /> : null
  return (
    <>
      <div className="page-heading">
        <h1>Edit Page</h1>
        <div className="console-actions">
          <Link to={`/${page.slug}`}>View page</Link>
          <CopyButton label="Copy page address" text={`${window.location.origin}/${page.slug}`} />
          <DeleteButton collection="pages" id={page.id} name={`the page “${page.title}”`} redirectTo="/console/pages" />
        </div>
      </div>
      <PageForm key={page.id} page={page} />
    </>
  )
}

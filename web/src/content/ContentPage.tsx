import { useTranslation } from '../i18n/useTranslation'
import { Link, useParams } from 'react-router-dom'
import useSWR from 'swr'
import { ApiError } from '../api/client'
import { keys } from '../api/keys'
import { noRetry } from '../api/swrConfig'
import type { Page } from '../api/types'
import { hasScope } from '../session/scopes'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import { NotFound } from '../ui/NotFound'
import { ErrorNotice } from '../ui/Notice'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { Html } from './Html'
import { LocalizedContent } from './LocalizedContent'

/** A content page by slug (/:slug, /pages/:slug); fetched with no retry (spec section 7). */
export function ContentPage() {
  const { t } = useTranslation()
  const { slug = '' } = useParams()
  const { user } = useSession()
  const { data: page, error, isLoading } = useSWR<Page>(keys.pageBySlug(slug), noRetry)
  useDocumentTitle(page?.title)
  if (isLoading) return <Loading />
  if (error instanceof ApiError && error.status === 404) return <NotFound />
  if (error && !page) return <ErrorNotice error={error} />
  if (!page) return null
  return (
    <article className={`content-page template-${page.content?.template ?? 'default'}`}>
      <div className="page-heading">
        <h1>{page.title}</h1>
        {hasScope(user, 'pages:write') && (
          <Link to={`/${page.slug}/edit`} className="button button-secondary button-small">
            {t('content.page.edit')}
            <span className="visually-hidden"> {page.title}</span>
          </Link>
        )}
      </div>
      <LocalizedContent doc={page}>
        <Html html={page.content?.html} />
      </LocalizedContent>
    </article>
  )
}

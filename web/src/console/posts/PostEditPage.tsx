import { useTranslation } from '../../i18n/useTranslation'
import { Loading } from '../../ui/Loading'
import { useDocumentTitle } from '../../ui/useDocumentTitle'
import { ConsoleError } from '../ConsoleError'
import { ConsoleNotFound } from '../ConsoleNotFound'
import type { PostDoc } from '../api/consoleTypes'
import { DeleteButton } from '../DeleteButton'
import { PostForm } from './PostForm'
import { useConsoleDoc } from '../api/useConsoleDoc'

/** /console/posts/:id */
export function PostEditPage() {
  const { t } = useTranslation()
  const { doc: post, error, isLoading, missing } = useConsoleDoc<PostDoc>('posts', 'id', 0)
  useDocumentTitle(post ? t('console.edit.titleOf', { title: post.title }) : t('console.posts.edit'))
  if (missing) return <ConsoleNotFound />
  if (isLoading) return <Loading />
  if (!post) return error ? <ConsoleError error={error} /> : null
  return (
    <>
      <div className="page-heading">
        <h1>{t('console.posts.edit')}</h1>
        <div className="console-actions">
          <DeleteButton collection="posts" id={post.id} name={t('console.delete.post', { title: post.title })} redirectTo="/console/posts" />
        </div>
      </div>
      <PostForm key={post.id} post={post} />
    </>
  )
}

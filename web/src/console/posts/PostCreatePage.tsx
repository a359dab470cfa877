import { useTranslation } from '../../i18n/useTranslation'
import { useDocumentTitle } from '../../ui/useDocumentTitle'
import { PostForm } from './PostForm'

/** /console/posts/create: saving opens /console/posts/:id. */
export function PostCreatePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('console.posts.new'))
  return (
    <>
      <h1>{t('console.posts.new')}</h1>
      <PostForm />
    </>
  )
}

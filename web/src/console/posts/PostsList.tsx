import { useTranslation } from '../../i18n/useTranslation'
import { Link } from 'react-router-dom'
import { ConsoleList, type Column } from '../ConsoleList'
import { formatDate, type PostDoc } from '../api/consoleTypes'
import { POST_SORTS } from '../sortOptions'

const columns: Column<PostDoc>[] = [
  { header: 'console.columns.title', cell: (post) => <Link to={`/console/posts/${post.id}`}>{post.title}</Link> },
  { header: 'console.columns.created', cell: (post) => formatDate(post.createdAt) },
  { header: 'console.columns.updated', cell: (post) => formatDate(post.updatedAt) },
]

export function PostsList() {
  const { t } = useTranslation()
  return (
    <ConsoleList<PostDoc>
      collection="posts"
      columns={columns}
      sortOptions={POST_SORTS}
      select={['title', 'createdAt', 'updatedAt']}
      createLabel={t('console.posts.new')}
      emptyText={t('console.posts.none')}
    />
  )
}

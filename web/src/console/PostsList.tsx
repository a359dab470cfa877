import { Link } from 'react-router-dom'
import { ConsoleList, type Column } from './ConsoleList'
import { formatDate, type PostDoc } from './consoleTypes'
import { POST_SORTS } from './sortOptions'

const columns: Column<PostDoc>[] = [
  { header: 'Title', cell: (post) => <Link to={`/console/posts/${post.id}`}>{post.title}</Link> },
  { header: 'Created', cell: (post) => formatDate(post.createdAt) },
  { header: 'Updated', cell: (post) => formatDate(post.updatedAt) },
]

export function PostsList() {
  return (
    <ConsoleList<PostDoc>
      collection="posts"
      columns={columns}
      sortOptions={POST_SORTS}
      select={['title', 'createdAt', 'updatedAt']}
      createLabel="New Post"
      emptyText="No posts yet."
    />
  )
}

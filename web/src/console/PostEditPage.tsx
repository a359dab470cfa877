import { Loading } from '../ui/Loading'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { ConsoleError } from './ConsoleError'
import { ConsoleNotFound } from './ConsoleNotFound'
import type { PostDoc } from './consoleTypes'
import { DeleteButton } from './DeleteButton'
import { PostForm } from './PostForm'
import { useConsoleDoc } from './useConsoleDoc'

/** /console/posts/:id */
export function PostEditPage() {
  const { doc: post, error, isLoading, missing } = useConsoleDoc<PostDoc>('posts', 'id', 0)
  useDocumentTitle(post ? `Edit ${post.title}` : 'Edit Post')
  if (missing) return <ConsoleNotFound />
  if (isLoading) return <Loading />
  if (!post) return error ? <ConsoleError error={error} /> : null
  return (
    <>
      <div className="page-heading">
        <h1>Edit Post</h1>
        <div className="console-actions">
          <DeleteButton collection="posts" id={post.id} name={`the post “${post.title}”`} redirectTo="/console/posts" />
        </div>
      </div>
      <PostForm key={post.id} post={post} />
    </>
  )
}

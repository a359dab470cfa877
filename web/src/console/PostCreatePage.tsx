import { useDocumentTitle } from '../ui/useDocumentTitle'
import { PostForm } from './PostForm'

/** /console/posts/create: saving opens /console/posts/:id. */
export function PostCreatePage() {
  useDocumentTitle('New Post')
  return (
    <>
      <h1>New Post</h1>
      <PostForm />
    </>
  )
}

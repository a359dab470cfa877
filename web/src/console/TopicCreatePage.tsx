import { useDocumentTitle } from '../ui/useDocumentTitle'
import { TopicForm } from './TopicForm'

/** /console/topics/create: saving opens the new topic's edit screen. */
export function TopicCreatePage() {
  useDocumentTitle('New Topic')
  return (
    <>
      <h1>New Topic</h1>
      <TopicForm />
    </>
  )
}

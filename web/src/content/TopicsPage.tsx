import { useDocumentTitle } from '../ui/useDocumentTitle'
import { TopicList } from './TopicList'

export function TopicsPage() {
  useDocumentTitle('Explore Topics')
  return (
    <>
      <h1>Explore Topics</h1>
      <TopicList />
    </>
  )
}

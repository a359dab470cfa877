import { Link } from 'react-router-dom'
import { ConsoleList, type Column } from './ConsoleList'
import { formatDate, type TopicDoc } from './consoleTypes'
import { CONTENT_SORTS } from './sortOptions'

const columns: Column<TopicDoc>[] = [
  { header: 'Order', cell: (topic) => topic.order },
  { header: 'Title', cell: (topic) => <Link to={`/console/topics/${topic.id}`}>{topic.title}</Link> },
  { header: 'Updated', cell: (topic) => formatDate(topic.updatedAt) },
]

export function TopicsList() {
  return (
    <ConsoleList<TopicDoc>
      collection="topics"
      columns={columns}
      sortOptions={CONTENT_SORTS}
      select={['title', 'order', 'updatedAt']}
      createLabel="New Topic"
      emptyText="No topics yet."
    />
  )
}

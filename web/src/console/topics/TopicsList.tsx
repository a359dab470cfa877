import { useTranslation } from '../../i18n/useTranslation'
import { Link } from 'react-router-dom'
import { ConsoleList, type Column } from '../ConsoleList'
import { formatDate, type TopicDoc } from '../api/consoleTypes'
import { CONTENT_SORTS } from '../sortOptions'

const columns: Column<TopicDoc>[] = [
  { header: 'console.columns.order', cell: (topic) => topic.order },
  { header: 'console.columns.title', cell: (topic) => <Link to={`/console/topics/${topic.id}`}>{topic.title}</Link> },
  { header: 'console.columns.updated', cell: (topic) => formatDate(topic.updatedAt) },
]

export function TopicsList() {
  const { t } = useTranslation()
  return (
    <ConsoleList<TopicDoc>
      collection="topics"
      columns={columns}
      sortOptions={CONTENT_SORTS}
      select={['title', 'order', 'updatedAt']}
      createLabel={t('console.topics.new')}
      emptyText={t('content.topics.none')}
    />
  )
}

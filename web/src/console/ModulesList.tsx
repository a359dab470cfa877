import { Link } from 'react-router-dom'
import { asObject } from '../api/types'
import { ConsoleList, type Column } from './ConsoleList'
import { formatDate, type ModuleDoc, type TopicDoc } from './consoleTypes'
import { CONTENT_SORTS } from './sortOptions'

const columns: Column<ModuleDoc>[] = [
  { header: 'Order', cell: (module) => module.order },
  { header: 'Title', cell: (module) => <Link to={`/console/modules/${module.id}`}>{module.title}</Link> },
  { header: 'Topic', cell: (module) => asObject<TopicDoc>(module.topic)?.title ?? '' },
  { header: 'Updated', cell: (module) => formatDate(module.updatedAt) },
]

export function ModulesList() {
  return (
    <ConsoleList<ModuleDoc>
      collection="modules"
      columns={columns}
      sortOptions={CONTENT_SORTS}
      select={['title', 'order', 'topic', 'updatedAt']}
      depth={1}
      params={[['populate[topics][title]', 'true']]}
      createLabel="New Module"
      emptyText="No modules yet."
    />
  )
}

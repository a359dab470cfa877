import { useTranslation } from '../../i18n/useTranslation'
import { Link } from 'react-router-dom'
import { asObject } from '../../api/types'
import { ConsoleList, type Column } from '../ConsoleList'
import { formatDate, type ModuleDoc } from '../api/consoleTypes'
import { CONTENT_SORTS } from '../sortOptions'

const columns: Column<ModuleDoc>[] = [
  { header: 'console.columns.order', cell: (module) => module.order },
  { header: 'console.columns.title', cell: (module) => <Link to={`/console/modules/${module.id}`}>{module.title}</Link> },
  { header: 'console.columns.topic', cell: (module) => asObject(module.topic)?.title ?? '' },
  { header: 'console.columns.updated', cell: (module) => formatDate(module.updatedAt) },
]

export function ModulesList() {
  const { t } = useTranslation()
  return (
    <ConsoleList<ModuleDoc>
      collection="modules"
      columns={columns}
      sortOptions={CONTENT_SORTS}
      select={['title', 'order', 'topic', 'updatedAt']}
      depth={1}
      params={[['populate[topics][title]', 'true']]}
      createLabel={t('console.modules.new')}
      emptyText={t('content.topic.noModules')}
    />
  )
}

import { useTranslation } from '../../i18n/useTranslation'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import useSWR from 'swr'
import { asObject } from '../../api/types'
import { optionsKey } from '../../api/keys'
import type { ListAnswer } from '../api/consoleApi'
import { ConsoleList, type Column } from '../ConsoleList'
import { formatDate, type ActivityDoc, type ModuleDoc } from '../api/consoleTypes'
import { CONTENT_SORTS } from '../sortOptions'
import { useListParams } from '../useListParams'

const columns: Column<ActivityDoc>[] = [
  { header: 'console.columns.order', cell: (activity) => activity.order },
  { header: 'console.columns.title', cell: (activity) => <Link to={`/console/activities/${activity.id}`}>{activity.title}</Link> },
  { header: 'console.columns.module', cell: (activity) => asObject<ModuleDoc>(activity.module)?.title ?? '' },
  { header: 'console.columns.type', cell: (activity) => activity.type },
  { header: 'console.columns.updated', cell: (activity) => formatDate(activity.updatedAt) },
]

export function ActivitiesList() {
  const { t } = useTranslation()
  const id = useId()
  const list = useListParams('order')
  const moduleId = list.params.get('moduleId') ?? ''
  const modules = useSWR<ListAnswer<ModuleDoc>>(optionsKey('modules', 'title', ['title']))
  const filter = (
    <div className="console-sort">
      <label htmlFor={`${id}-module`}>{t('console.columns.module')}</label>
      <select id={`${id}-module`} className="input select" value={moduleId} onChange={(event) => list.update({ moduleId: event.target.value })}>
        <option value="">{t('console.activities.allModules')}</option>
        {(modules.data?.docs ?? []).map((module) => (
          <option key={module.id} value={String(module.id)}>
            {module.title}
          </option>
        ))}
      </select>
    </div>
  )
  return (
    <ConsoleList<ActivityDoc>
      collection="activities"
      columns={columns}
      sortOptions={CONTENT_SORTS}
      select={['title', 'order', 'module', 'type', 'updatedAt']}
      depth={1}
      params={[['populate[modules][title]', 'true'], ...(moduleId ? ([['where[module][equals]', moduleId]] as [string, string][]) : [])]}
      filters={filter}
      createLabel={t('console.activities.new')}
      emptyText={t('content.module.noActivities')}
    />
  )
}

import { useId } from 'react'
import { Link } from 'react-router-dom'
import useSWR from 'swr'
import { asObject } from '../api/types'
import { optionsKey } from '../api/keys'
import type { ListAnswer } from './consoleApi'
import { ConsoleList, type Column } from './ConsoleList'
import { formatDate, type ActivityDoc, type ModuleDoc } from './consoleTypes'
import { CONTENT_SORTS } from './sortOptions'
import { useListParams } from './useListParams'

const columns: Column<ActivityDoc>[] = [
  { header: 'Order', cell: (activity) => activity.order },
  { header: 'Title', cell: (activity) => <Link to={`/console/activities/${activity.id}`}>{activity.title}</Link> },
  { header: 'Module', cell: (activity) => asObject<ModuleDoc>(activity.module)?.title ?? '' },
  { header: 'Type', cell: (activity) => activity.type },
  { header: 'Updated', cell: (activity) => formatDate(activity.updatedAt) },
]

export function ActivitiesList() {
  const id = useId()
  const list = useListParams('order')
  const moduleId = list.params.get('moduleId') ?? ''
  const modules = useSWR<ListAnswer<ModuleDoc>>(optionsKey('modules', 'title', ['title']))
  const filter = (
    <div className="console-sort">
      <label htmlFor={`${id}-module`}>Module</label>
      <select id={`${id}-module`} className="input select" value={moduleId} onChange={(event) => list.update({ moduleId: event.target.value })}>
        <option value="">All modules</option>
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
      createLabel="New Activity"
      emptyText="No activities yet."
    />
  )
}

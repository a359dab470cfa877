import { useTranslation } from '../../i18n/useTranslation'
import { Link } from 'react-router-dom'
import { populated } from '../../api/types'
import { useSession } from '../../session/useSession'
import { Loading } from '../../ui/Loading'
import { useDocumentTitle } from '../../ui/useDocumentTitle'
import { ConsoleError } from '../ConsoleError'
import { ConsoleNotFound } from '../ConsoleNotFound'
import { can } from '../consoleScopes'
import type { ModuleDoc } from '../api/consoleTypes'
import { DeleteButton } from '../DeleteButton'
import { ModuleForm } from './ModuleForm'
import { useConsoleDoc } from '../api/useConsoleDoc'
import { untranslatedTitle } from '../editingLocale'
import { DataTable } from '../../ui/DataTable'

const RELATED = { activities: ['title', 'type', 'order', 'width'] }

/** /console/modules/:moduleId: the edit form plus the module's activities. */
export function ModuleEditPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const { doc: module, error, isLoading, missing } = useConsoleDoc<ModuleDoc>('modules', 'moduleId', 1, RELATED)
  useDocumentTitle(module?.title ? t('console.edit.titleOf', { title: module.title }) : t('console.modules.edit'))
  if (missing) return <ConsoleNotFound />
  if (isLoading) return <Loading />
  if (!module) return error ? <ConsoleError error={error} /> : null
  const activities = populated(module.activities?.docs)
  return (
    <>
      <div className="page-heading">
        <h1>{t('console.modules.edit')}</h1>
        <div className="console-actions">
          <Link to={`/modules/${module.id}`}>{t('console.modules.view')}</Link>
          <DeleteButton collection="modules" id={module.id} name={t('console.delete.module', { title: module.title })} redirectTo="/console/modules" />
        </div>
      </div>
      <ModuleForm key={module.id} module={module} />
      <section aria-labelledby="module-activities" className="console-related">
        <div className="page-heading">
          <h2 id="module-activities">{t('console.modules.activities')}</h2>
          {can(user, 'activities', 'write') && (
            <Link to={`/console/activities/create?moduleId=${module.id}`} className="button button-primary">
              {t('console.modules.addActivity')}
            </Link>
          )}
        </div>
        {activities.length === 0 ? (
          <p className="empty-state">{t('content.module.noActivities')}</p>
        ) : (
          <DataTable
            className="console-table"
            columns={[t('console.columns.order'), t('console.columns.title'), t('console.columns.type'), t('console.columns.width')]}
          >
            {[...activities]
              .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
              .map((activity) => (
                <tr key={activity.id}>
                  <td>{activity.order}</td>
                  <td>
                    <Link to={`/console/activities/${activity.id}`}>{untranslatedTitle(activity)}</Link>
                  </td>
                  <td>{activity.type}</td>
                  <td>{activity.width}</td>
                </tr>
              ))}
          </DataTable>
        )}
      </section>
    </>
  )
}

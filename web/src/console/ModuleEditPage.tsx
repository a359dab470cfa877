import { Link } from 'react-router-dom'
import { populated } from '../api/types'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { ConsoleError } from './ConsoleError'
import { ConsoleNotFound } from './ConsoleNotFound'
import { can } from './consoleScopes'
import type { ActivityDoc, ModuleDoc } from './consoleTypes'
import { DeleteButton } from './DeleteButton'
import { ModuleForm } from './ModuleForm'
import { useConsoleDoc } from './useConsoleDoc'
import { untranslatedTitle } from './editingLocale'

const RELATED = { activities: ['title', 'type', 'order', 'width'] }

/** /console/modules/:moduleId: the edit form plus the module's activities. */
export function ModuleEditPage() {
  const { user } = useSession()
  const { doc: module, error, isLoading, missing } = useConsoleDoc<ModuleDoc>('modules', 'moduleId', 1, RELATED)
  useDocumentTitle(module?.title ? `Edit ${module.title}` : 'Edit Module')
  if (missing) return <ConsoleNotFound />
  if (isLoading) return <Loading />
  if (!module) return error ? <ConsoleError error={error} /> : null
  const activities = populated<ActivityDoc>(module.activities?.docs)
  return (
    <>
      <div className="page-heading">
        <h1>Edit Module</h1>
        <div className="console-actions">
          <Link to={`/modules/${module.id}`}>View module</Link>
          <DeleteButton collection="modules" id={module.id} name={`the module “${module.title}”`} redirectTo="/console/modules" />
        </div>
      </div>
      <ModuleForm key={module.id} module={module} />
      <section aria-labelledby="module-activities" className="console-related">
        <div className="page-heading">
          <h2 id="module-activities">Activities</h2>
          {can(user, 'activities', 'write') && (
            <Link to={`/console/activities/create?moduleId=${module.id}`} className="button button-primary">
              Add Activity
            </Link>
          )}
        </div>
        {activities.length === 0 ? (
          <p className="empty-state">No activities yet.</p>
        ) : (
          <div className="table-wrapper">
            <table className="table console-table">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Title</th>
                  <th scope="col">Type</th>
                  <th scope="col">Width</th>
                </tr>
              </thead>
              <tbody>
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
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  )
}

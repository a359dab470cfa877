import { Link } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { useRevalidateCollection, idOf } from './consoleApi'
import { ActivityForm } from './ActivityForm'
import { ConsoleError } from './ConsoleError'
import { ConsoleNotFound } from './ConsoleNotFound'
import { can } from './consoleScopes'
import type { ActivityDoc } from './consoleTypes'
import { DeleteButton } from './DeleteButton'
import { StorylineUpload } from './StorylineUpload'
import { useConsoleDoc } from './useConsoleDoc'

const RELATED = { modules: ['title'] }

/** /console/activities/:activityId */
export function ActivityEditPage() {
  const { user } = useSession()
  const revalidate = useRevalidateCollection()
  const { doc: activity, error, isLoading, missing, mutate } = useConsoleDoc<ActivityDoc>('activities', 'activityId', 1, RELATED)
  useDocumentTitle(activity ? `Edit ${activity.title}` : 'Edit Activity')
  if (missing) return <ConsoleNotFound />
  if (isLoading) return <Loading />
  if (!activity) return error ? <ConsoleError error={error} /> : null
  const moduleId = idOf(activity.module)
  return (
    <>
      <div className="page-heading">
        <h1>Edit Activity</h1>
        <div className="console-actions">
          {moduleId && <Link to={`/console/modules/${moduleId}`}>Back to its module</Link>}
          <DeleteButton
            collection="activities"
            id={activity.id}
            name={`the activity “${activity.title}”`}
            redirectTo={moduleId ? `/console/modules/${moduleId}` : '/console/activities'}
          />
        </div>
      </div>
      <ActivityForm key={activity.id} activity={activity} />
      {activity.type === 'storyline' && can(user, 'activities', 'write') && (
        <StorylineUpload
          activity={activity}
          onUploaded={(doc) => {
            void mutate({ ...activity, ...doc, module: activity.module }, { revalidate: true })
            void revalidate('modules')
          }}
        />
      )}
    </>
  )
}

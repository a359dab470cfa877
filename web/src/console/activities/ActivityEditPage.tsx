import { useTranslation } from '../../i18n/useTranslation'
import { Link } from 'react-router-dom'
import { useSession } from '../../session/useSession'
import { Loading } from '../../ui/Loading'
import { useDocumentTitle } from '../../ui/useDocumentTitle'
import { useRevalidateCollection, formId } from '../api/consoleApi'
import { ActivityForm } from './ActivityForm'
import { ConsoleError } from '../ConsoleError'
import { ConsoleNotFound } from '../ConsoleNotFound'
import { can } from '../consoleScopes'
import type { ActivityDoc } from '../api/consoleTypes'
import { DeleteButton } from '../DeleteButton'
import { StorylineUpload } from './StorylineUpload'
import { PackageHosts } from './PackageHosts'
import { useConsoleDoc } from '../api/useConsoleDoc'

const RELATED = { modules: ['title'] }

/** /console/activities/:activityId */
export function ActivityEditPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const revalidate = useRevalidateCollection()
  const { doc: activity, error, isLoading, missing, mutate } = useConsoleDoc<ActivityDoc>('activities', 'activityId', 1, RELATED)
  useDocumentTitle(activity ? t('console.edit.titleOf', { title: activity.title }) : t('console.activities.edit'))
  if (missing) return <ConsoleNotFound />
  if (isLoading) return <Loading />
  if (!activity) return error ? <ConsoleError error={error} /> : null
  const moduleId = formId(activity.module)
  return (
    <>
      <div className="page-heading">
        <h1>{t('console.activities.edit')}</h1>
        <div className="console-actions">
          {moduleId && <Link to={`/console/modules/${moduleId}`}>{t('console.activities.backToModule')}</Link>}
          <DeleteButton
            collection="activities"
            id={activity.id}
            name={t('console.delete.activity', { title: activity.title })}
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
      {activity.type === 'storyline' && can(user, 'activities', 'write') && (
        <PackageHosts
          key={`hosts-${activity.id}`}
          activity={activity}
          onSaved={(doc) => void mutate({ ...activity, ...doc, module: activity.module }, { revalidate: true })}
        />
      )}
    </>
  )
}

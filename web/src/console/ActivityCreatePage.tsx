import { useSearchParams } from 'react-router-dom'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { ActivityForm } from './ActivityForm'

/** /console/activities/create (?moduleId= preselects the module): saving opens the edit screen. */
export function ActivityCreatePage() {
  useDocumentTitle('New Activity')
  const [params] = useSearchParams()
  return (
    <>
      <h1>New Activity</h1>
      <ActivityForm moduleId={params.get('moduleId') ?? ''} />
    </>
  )
}

import { useTranslation } from '../../i18n/useTranslation'
import { useSearchParams } from 'react-router-dom'
import { useDocumentTitle } from '../../ui/useDocumentTitle'
import { ActivityForm } from './ActivityForm'

/** /console/activities/create (?moduleId= preselects the module): saving opens the edit screen. */
export function ActivityCreatePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('console.activities.new'))
  const [params] = useSearchParams()
  return (
    <>
      <h1>{t('console.activities.new')}</h1>
      <ActivityForm moduleId={params.get('moduleId') ?? ''} />
    </>
  )
}

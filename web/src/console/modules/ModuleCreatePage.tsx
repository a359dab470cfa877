import { useTranslation } from '../../i18n/useTranslation'
import { useSearchParams } from 'react-router-dom'
import { useDocumentTitle } from '../../ui/useDocumentTitle'
import { ModuleForm } from './ModuleForm'

/** /console/modules/create (?topicId= preselects the topic): saving opens the module's edit screen. */
export function ModuleCreatePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('console.modules.new'))
  const [params] = useSearchParams()
  return (
    <>
      <h1>{t('console.modules.new')}</h1>
      <ModuleForm topicId={params.get('topicId') ?? ''} />
    </>
  )
}

import { useSearchParams } from 'react-router-dom'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { ModuleForm } from './ModuleForm'

/** /console/modules/create (?topicId= preselects the topic): saving opens the module's edit screen. */
export function ModuleCreatePage() {
  useDocumentTitle('New Module')
  const [params] = useSearchParams()
  return (
    <>
      <h1>New Module</h1>
      <ModuleForm topicId={params.get('topicId') ?? ''} />
    </>
  )
}

import { useDocumentTitle } from '../ui/useDocumentTitle'
import { PageForm } from './PageForm'

/** /console/pages/create: saving opens the new page's edit screen. */
export function PageCreatePage() {
  useDocumentTitle('New Page')
  return (
    <>
      <h1>New Page</h1>
      <PageForm />
    </>
  )
}

import { useTranslation } from '../../i18n/useTranslation'
import { useDocumentTitle } from '../../ui/useDocumentTitle'
import { PageForm } from './PageForm'

/** /console/pages/create: saving opens the new page's edit screen. */
export function PageCreatePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('console.pages.new'))
  return (
    <>
      <h1>{t('console.pages.new')}</h1>
      <PageForm />
    </>
  )
}

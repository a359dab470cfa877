import { useTranslation } from '../../i18n/useTranslation'
import { useDocumentTitle } from '../../ui/useDocumentTitle'
import { TopicForm } from './TopicForm'

/** /console/topics/create: saving opens the new topic's edit screen. */
export function TopicCreatePage() {
  const { t } = useTranslation()
  useDocumentTitle(t('console.topics.new'))
  return (
    <>
      <h1>{t('console.topics.new')}</h1>
      <TopicForm />
    </>
  )
}

import { useTranslation } from '../i18n/useTranslation'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { FindContent } from './FindContent'
import { TopicList } from './TopicList'

export function TopicsPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('content.topics.title'))
  return (
    <>
      <h1>{t('content.topics.title')}</h1>
      <FindContent />
      <TopicList />
    </>
  )
}

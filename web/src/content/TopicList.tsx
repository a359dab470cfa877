import { useTranslation } from '../i18n/useTranslation'
import useSWR from 'swr'
import { keys } from '../api/keys'
import type { Paginated, Topic } from '../api/types'
import { ErrorNotice } from '../ui/Notice'
import { Loading } from '../ui/Loading'
import { TopicCard } from './TopicCard'
import { shownLanguage, useLanguage } from './translation'

export function TopicList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const { data, error, isLoading } = useSWR<Paginated<Topic>>(keys.topics())
  if (isLoading) return <Loading label={t('content.topics.loading')} />
  if (error && !data) return <ErrorNotice error={error} />
  const topics = data?.docs ?? []
  if (topics.length === 0) return <p>{t('content.topics.none')}</p>
  // Payload fills an untranslated topic with its English: say so once, above the list (each such card is marked lang="en").
  const someInEnglish = topics.some((topic) => shownLanguage(topic, language) !== language)
  return (
    <>
      {someInEnglish && (
        <p role="note" className="notice notice-info fallback-notice">
          {t('content.fallbackList')}
        </p>
      )}
      <div className="topic-list">
        {topics.map((topic, index) => (
          <TopicCard key={topic.id} topic={topic} headingLevel={headingLevel} first={index === 0} />
        ))}
      </div>
    </>
  )
}

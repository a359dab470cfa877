import { useTranslation } from '../i18n/useTranslation'
import { Link } from 'react-router-dom'
import { asObject, populated, type Media, type Module, type Topic } from '../api/types'
import { CardImage } from './CardImage'
import { Html } from './Html'
import { shownLanguage, useLanguage } from './translation'

/** A topic with its thumbnail, content and links to its modules. */
export function TopicCard({ topic, headingLevel = 2, first = false }: { topic: Topic; headingLevel?: 2 | 3; first?: boolean }) {
  const { t } = useTranslation()
  const language = useLanguage()
  const thumbnail = asObject<Media>(topic.thumbnail)
  const modules = populated<Module>(topic.modules?.docs)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="card topic-card" lang={shownLanguage(topic, language)}>
      {thumbnail && <CardImage media={thumbnail} className="topic-thumbnail" priority={first} />}
      <div className="card-body">
        <Heading className="card-title">
          <Link to={`/topics/${topic.id}`}>{topic.title}</Link>
        </Heading>
        <Html html={topic.content} />
        {modules.length > 0 && (
          <ul className="module-links" aria-label={t('content.topics.modulesIn', { title: topic.title })}>
            {modules.map((module) => (
              <li key={module.id}>
                <Link to={`/modules/${module.id}`}>{module.title}</Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  )
}

import { useTranslation } from '../i18n/useTranslation'
import { Link, useParams } from 'react-router-dom'
import useSWR from 'swr'
import { ApiError } from '../api/client'
import { keys } from '../api/keys'
import { asObject, populated, type Media, type Module, type Topic } from '../api/types'
import { Loading } from '../ui/Loading'
import { NotFound } from '../ui/NotFound'
import { ErrorNotice } from '../ui/Notice'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { CardImage } from './CardImage'
import { Html } from './Html'
import { LocalizedContent } from './LocalizedContent'
import { shownLanguage, useLanguage } from './translation'

export function TopicPage() {
  const { t } = useTranslation()
  const language = useLanguage()
  const { id = '' } = useParams()
  const { data: topic, error, isLoading } = useSWR<Topic>(keys.topic(id))
  useDocumentTitle(topic?.title)
  if (isLoading) return <Loading />
  if (error instanceof ApiError && error.status === 404) return <NotFound />
  if (error && !topic) return <ErrorNotice error={error} />
  if (!topic) return null
  const thumbnail = asObject<Media>(topic.thumbnail)
  const modules = populated<Module>(topic.modules?.docs)
  return (
    <article className="topic">
      <LocalizedContent doc={topic}>
        <h1>{topic.title}</h1>
        {thumbnail && <CardImage media={thumbnail} className="topic-hero" priority />}
        <Html html={topic.content} />
      </LocalizedContent>
      <section aria-labelledby="modules-heading">
        <h2 id="modules-heading">{t('content.topic.modules')}</h2>
        {modules.length === 0 ? (
          <p>{t('content.topic.noModules')}</p>
        ) : (
          <ul className="card-grid">
            {modules.map((module) => (
              <li key={module.id} className="card module-card">
                <div lang={shownLanguage(module, language)}>
                  <h3 className="card-title">
                    <Link to={`/modules/${module.id}`}>{module.title}</Link>
                  </h3>
                  {module.subtitle && <p>{module.subtitle}</p>}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  )
}

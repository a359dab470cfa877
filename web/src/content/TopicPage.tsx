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

export function TopicPage() {
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
      <h1>{topic.title}</h1>
      {thumbnail && <CardImage media={thumbnail} className="topic-hero" priority />}
      <Html html={topic.content} />
      <section aria-labelledby="modules-heading">
        <h2 id="modules-heading">Modules</h2>
        {modules.length === 0 ? (
          <p>No modules yet.</p>
        ) : (
          <ul className="card-grid">
            {modules.map((module) => (
              <li key={module.id} className="card module-card">
                <h3 className="card-title">
                  <Link to={`/modules/${module.id}`}>{module.title}</Link>
                </h3>
                {module.subtitle && <p>{module.subtitle}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  )
}

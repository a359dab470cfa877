import { useTranslation } from '../../i18n/useTranslation'
import { Link } from 'react-router-dom'
import { populated } from '../../api/types'
import { useSession } from '../../session/useSession'
import { Loading } from '../../ui/Loading'
import { useDocumentTitle } from '../../ui/useDocumentTitle'
import { ConsoleError } from '../ConsoleError'
import { ConsoleNotFound } from '../ConsoleNotFound'
import { can } from '../consoleScopes'
import type { TopicDoc } from '../api/consoleTypes'
import { DeleteButton } from '../DeleteButton'
import { TopicForm } from './TopicForm'
import { useConsoleDoc } from '../api/useConsoleDoc'
import { untranslatedTitle } from '../editingLocale'

const RELATED = { modules: ['title'] }

/** /console/topics/:topicId */
export function TopicEditPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const { doc: topic, error, isLoading, missing } = useConsoleDoc<TopicDoc>('topics', 'topicId', 1, RELATED)
  useDocumentTitle(topic?.title ? t('console.edit.titleOf', { title: topic.title }) : t('console.topics.edit'))
  if (missing) return <ConsoleNotFound />
  if (isLoading) return <Loading />
  if (!topic) return error ? <ConsoleError error={error} /> : null
  const modules = populated(topic.modules?.docs)
  return (
    <>
      <div className="page-heading">
        <h1>{t('console.topics.edit')}</h1>
        <div className="console-actions">
          <Link to={`/topics/${topic.id}`}>{t('console.topics.view')}</Link>
          <DeleteButton collection="topics" id={topic.id} name={t('console.delete.topic', { title: topic.title })} redirectTo="/console/topics" />
        </div>
      </div>
      <TopicForm key={topic.id} topic={topic} />
      <section aria-labelledby="topic-modules" className="console-related">
        <h2 id="topic-modules">{t('console.topics.modulesIn')}</h2>
        {modules.length === 0 ? (
          <p className="empty-state">{t('content.topic.noModules')}</p>
        ) : (
          <ul>
            {modules.map((module) => (
              <li key={module.id}>
                <Link to={`/console/modules/${module.id}`}>{untranslatedTitle(module)}</Link>
              </li>
            ))}
          </ul>
        )}
        {can(user, 'modules', 'write') && (
          <Link to={`/console/modules/create?topicId=${topic.id}`} className="button button-secondary button-small">
            {t('console.topics.addModule')}
          </Link>
        )}
      </section>
    </>
  )
}

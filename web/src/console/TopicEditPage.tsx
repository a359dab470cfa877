import { Link } from 'react-router-dom'
import { populated } from '../api/types'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { ConsoleError } from './ConsoleError'
import { ConsoleNotFound } from './ConsoleNotFound'
import { can } from './consoleScopes'
import type { ModuleDoc, TopicDoc } from './consoleTypes'
import { DeleteButton } from './DeleteButton'
import { TopicForm } from './TopicForm'
import { useConsoleDoc } from './useConsoleDoc'
import { untranslatedTitle } from './editingLocale'

const RELATED = { modules: ['title'] }

/** /console/topics/:topicId */
export function TopicEditPage() {
  const { user } = useSession()
  const { doc: topic, error, isLoading, missing } = useConsoleDoc<TopicDoc>('topics', 'topicId', 1, RELATED)
  useDocumentTitle(topic?.title ? `Edit ${topic.title}` : 'Edit Topic')
  if (missing) return <ConsoleNotFound />
  if (isLoading) return <Loading />
  if (!topic) return error ? <ConsoleError error={error} /> : null
  const modules = populated<ModuleDoc>(topic.modules?.docs)
  return (
    <>
      <div className="page-heading">
        <h1>Edit Topic</h1>
        <div className="console-actions">
          <Link to={`/topics/${topic.id}`}>View topic</Link>
          <DeleteButton collection="topics" id={topic.id} name={`the topic “${topic.title}”`} redirectTo="/console/topics" />
        </div>
      </div>
      <TopicForm key={topic.id} topic={topic} />
      <section aria-labelledby="topic-modules" className="console-related">
        <h2 id="topic-modules">Modules in this topic</h2>
        {modules.length === 0 ? (
          <p className="empty-state">No modules yet.</p>
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
            Add Module
          </Link>
        )}
      </section>
    </>
  )
}

import { Link } from 'react-router-dom'
import useSWR from 'swr'
import { useSession } from '../session/useSession'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { listKey } from '../api/keys'
import type { ListAnswer } from './consoleApi'
import { allowedSections, can, type Section } from './consoleScopes'

const CREATE_LABELS: Partial<Record<Section['collection'], string>> = {
  topics: 'New topic',
  modules: 'New module',
  activities: 'New activity',
  pages: 'New page',
  posts: 'New post',
}

function countKey(section: Section): string {
  // Tickets count what needs handling; the rest count everything.
  const params: [string, string][] = section.collection === 'tickets' ? [['where[status][equals]', 'open']] : []
  return listKey(section.collection, { limit: 1, params })
}

function SectionCard({ section }: { section: Section }) {
  const { user } = useSession()
  const { data, error } = useSWR<ListAnswer<unknown>>(countKey(section))
  const createLabel = CREATE_LABELS[section.collection]
  const count = error ? '—' : data ? String(data.totalDocs) : '…'
  return (
    <li className="card console-card">
      <h2 className="card-title">
        <Link to={section.path}>{section.label}</Link>
      </h2>
      <p className="console-card-count">
        <span className="console-number">{count}</span> {section.collection === 'tickets' ? 'open' : 'in total'}
      </p>
      {createLabel && can(user, section.collection, 'write') && (
        <Link to={`${section.path}/create`} className="button button-secondary button-small">
          {createLabel}
        </Link>
      )}
    </li>
  )
}

/** /console: a count per allowed collection and quick links. */
export function Dashboard() {
  useDocumentTitle('Console')
  const { user } = useSession()
  const sections = allowedSections(user)
  return (
    <>
      <h1>Console</h1>
      {sections.length === 0 ? (
        <p className="empty-state">Your account has no console permissions. Ask an administrator if you need them.</p>
      ) : (
        <ul className="card-grid console-cards">
          {sections.map((section) => (
            <SectionCard key={section.collection} section={section} />
          ))}
        </ul>
      )}
    </>
  )
}

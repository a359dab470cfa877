import { useTranslation } from '../i18n/useTranslation'
import { Link } from 'react-router-dom'
import useSWR from 'swr'
import { useSession } from '../session/useSession'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { listKey } from '../api/keys'
import type { ListAnswer } from './api/consoleApi'
import { allowedSections, can, type Section } from './consoleScopes'

/** Catalogue keys of the quick-create links. */
const CREATE_LABELS: Partial<Record<Section['collection'], string>> = {
  topics: 'console.dashboard.newTopic',
  modules: 'console.dashboard.newModule',
  activities: 'console.dashboard.newActivity',
  pages: 'console.dashboard.newPage',
  posts: 'console.dashboard.newPost',
}

function countKey(section: Section): string {
  // Tickets count what needs handling; the rest count everything.
  const params: [string, string][] = section.collection === 'tickets' ? [['where[status][equals]', 'open']] : []
  return listKey(section.collection, { limit: 1, params })
}

function SectionCard({ section }: { section: Section }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const { data, error } = useSWR<ListAnswer<unknown>>(countKey(section))
  const createLabel = CREATE_LABELS[section.collection]
  const count = error ? '—' : data ? String(data.totalDocs) : '…'
  return (
    <li className="card console-card">
      <h2 className="card-title">
        <Link to={section.path}>{t(section.label)}</Link>
      </h2>
      <p className="console-card-count">
        <span className="console-number">{count}</span> {t(section.collection === 'tickets' ? 'console.dashboard.open' : 'console.dashboard.total')}
      </p>
      {createLabel && can(user, section.collection, 'write') && (
        <Link to={`${section.path}/create`} className="button button-secondary button-small">
          {t(createLabel)}
        </Link>
      )}
    </li>
  )
}

/** /console: a count per allowed collection and quick links. */
export function Dashboard() {
  const { t } = useTranslation()
  useDocumentTitle(t('shell.menu.console'))
  const { user } = useSession()
  const sections = allowedSections(user)
  return (
    <>
      <h1>{t('shell.menu.console')}</h1>
      {sections.length === 0 ? (
        <p className="empty-state">{t('console.dashboard.noPermissions')}</p>
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

import { useTranslation } from '../i18n/useTranslation'
import { NavLink } from 'react-router-dom'
import type { User } from '../api/types'
import { userNavEntries } from './userNav'

export function UserSidebar({ user }: { user: User | null }) {
  const { t } = useTranslation()
  const entries = userNavEntries(user)
  if (entries.length === 0) return null
  return (
    <nav aria-label={t('account.nav.label')} className="user-sidebar">
      <ul>
        {entries.map((entry) => (
          <li key={entry.to}>
            <NavLink to={entry.to}>{t(entry.label)}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

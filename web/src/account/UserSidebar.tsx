import { NavLink } from 'react-router-dom'
import type { User } from '../api/types'
import { userNavEntries } from './userNav'

export function UserSidebar({ user }: { user: User | null }) {
  const entries = userNavEntries(user)
  if (entries.length === 0) return null
  return (
    <nav aria-label="Settings" className="user-sidebar">
      <ul>
        {entries.map((entry) => (
          <li key={entry.to}>
            <NavLink to={entry.to}>{entry.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

import { NavLink } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { allowedSections } from './consoleScopes'

/** Lists only the sections the user's scopes allow. */
export function ConsoleSidebar() {
  const { user } = useSession()
  return (
    <nav aria-label="Console" className="user-sidebar console-sidebar">
      <ul>
        <li>
          <NavLink to="/console" end>
            Dashboard
          </NavLink>
        </li>
        {allowedSections(user).map((section) => (
          <li key={section.collection}>
            <NavLink to={section.path}>{section.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

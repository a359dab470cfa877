import { useTranslation } from '../i18n/useTranslation'
import { NavLink } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { allowedSections } from './consoleScopes'

/** Lists only the sections the user's scopes allow. */
export function ConsoleSidebar() {
  const { t } = useTranslation()
  const { user } = useSession()
  return (
    <nav aria-label={t('shell.menu.console')} className="user-sidebar console-sidebar">
      <ul>
        <li>
          <NavLink to="/console" end>
            {t('console.dashboard.title')}
          </NavLink>
        </li>
        {allowedSections(user).map((section) => (
          <li key={section.collection}>
            <NavLink to={section.path}>{t(section.label)}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

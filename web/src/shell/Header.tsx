import { useTranslation } from '../i18n/useTranslation'
import { Link, NavLink } from 'react-router-dom'
import { teachesClasses } from '../session/scopes'
import { useSession } from '../session/useSession'
import { PRODUCT_NAME } from '../ui/useDocumentTitle'
import { AccountMenu } from './AccountMenu'
import { LanguageSwitcher } from './LanguageSwitcher'
import { ModeToggle } from './ModeToggle'

export function Header() {
  const { t } = useTranslation()
  const { user } = useSession()
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand">
          {PRODUCT_NAME}
        </Link>
        <nav aria-label={t('shell.nav.main')} className="main-nav">
          <NavLink to="/topics">{t('shell.nav.topics')}</NavLink>
          <NavLink to="/help">{t('shell.nav.help')}</NavLink>
          {teachesClasses(user) && <NavLink to="/user/classrooms">{t('shell.nav.classrooms')}</NavLink>}
        </nav>
        <div className="header-actions">
          <LanguageSwitcher />
          <ModeToggle />
          {user ? (
            <AccountMenu />
          ) : (
            // Log in and Sign up move to a new row together on a narrow screen, never one without the other.
            <div className="header-auth">
              <Link to="/login" className="header-link header-nowrap">
                {t('shell.nav.login')}
              </Link>
              <Link to="/signup" className="button button-primary button-small header-nowrap">
                {t('shell.nav.signup')}
              </Link>
            </div>
          )}
        </div>
      </div>
    </header>
  )
}

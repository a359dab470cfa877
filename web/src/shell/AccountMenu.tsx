import { useTranslation } from '../i18n/useTranslation'
import { useMenuButton } from '../ui/useMenuButton'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { canUseConsole } from '../session/scopes'
import { useSession } from '../session/useSession'

/** The hamburger menu of a signed-in user (WAI-ARIA menu button pattern). */
export function AccountMenu() {
  const { t } = useTranslation()
  const { user, logout, preferences, updatePreferences } = useSession()
  const navigate = useNavigate()
  const { close, buttonProps, menuProps } = useMenuButton()
  /** The catalogue key of what went wrong. */
  const [error, setError] = useState<string | null>(null)

  async function changeMode() {
    close()
    setError(null)
    try {
      await updatePreferences({ mode: preferences.mode === 'night' ? 'day' : 'night' })
    } catch {
      setError('shell.mode.saveFailed')
    }
  }

  async function signOut() {
    close(false)
    setError(null)
    try {
      await logout()
      navigate('/')
    } catch {
      setError('shell.menu.logoutFailed')
    }
  }

  return (
    <div className="account-menu">
      <button {...buttonProps} className="icon-button menu-button">
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">{t('shell.menu.button')}</span>
      </button>
      <ul {...menuProps} aria-label={t('shell.menu.label')} className="menu">
        <li role="none">
          <Link role="menuitem" tabIndex={-1} to="/user/profile" onClick={() => close(false)}>
            {t('shell.menu.settings')}
          </Link>
        </li>
        <li role="none">
          <button role="menuitem" tabIndex={-1} type="button" onClick={changeMode}>
            {t('shell.menu.changeMode')}
          </button>
        </li>
        <li role="none">
          <Link role="menuitem" tabIndex={-1} to="/help" onClick={() => close(false)}>
            {t('shell.menu.help')}
          </Link>
        </li>
        {canUseConsole(user) && (
          <li role="none">
            <Link role="menuitem" tabIndex={-1} to="/console" onClick={() => close(false)}>
              {t('shell.menu.console')}
            </Link>
          </li>
        )}
        <li role="none">
          <button role="menuitem" tabIndex={-1} type="button" onClick={signOut}>
            {t('shell.menu.logout')}
          </button>
        </li>
      </ul>
      {error && (
        <span role="alert" className="header-alert">
          {t(error)}
        </span>
      )}
    </div>
  )
}

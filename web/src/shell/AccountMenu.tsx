import { useTranslation } from '../i18n/useTranslation'
import { onMenuButtonKeyDown, onMenuKeyDown as onMenuKeys } from '../ui/menuKeys'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { canUseConsole } from '../session/scopes'
import { useSession } from '../session/useSession'

/** The hamburger menu of a signed-in user (WAI-ARIA menu button pattern). */
export function AccountMenu() {
  const { t } = useTranslation()
  const { user, logout, preferences, updatePreferences } = useSession()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  /** The catalogue key of what went wrong. */
  const [error, setError] = useState<string | null>(null)
  const menuId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)
  const focusOnOpen = useRef<'first' | 'last' | null>(null)

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])

  useEffect(() => {
    if (!open) return
    const list = items()
    if (focusOnOpen.current === 'last') list[list.length - 1]?.focus()
    else list[0]?.focus()
    function onPointerDown(event: MouseEvent) {
      const target = event.target as Node
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false)
    }
    document.addEventListener('mousedown', onPointerDown)
    return () => document.removeEventListener('mousedown', onPointerDown)
  }, [open])

  function openMenu(focus: 'first' | 'last') {
    focusOnOpen.current = focus
    setOpen(true)
  }

  function close(returnFocus = true) {
    setOpen(false)
    if (returnFocus) buttonRef.current?.focus()
  }

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => onMenuButtonKeyDown(event, openMenu)
  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => onMenuKeys(event, items(), { close: () => close(), dismiss: () => setOpen(false) })

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
      <button
        ref={buttonRef}
        type="button"
        className="icon-button menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? close() : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        <span aria-hidden="true">☰</span>
        <span className="visually-hidden">{t('shell.menu.button')}</span>
      </button>
      <ul ref={menuRef} id={menuId} role="menu" aria-label={t('shell.menu.label')} className="menu" hidden={!open} onKeyDown={onMenuKeyDown}>
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

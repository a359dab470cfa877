import { useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { useSession } from '../session/useSession'

/** The day/night toggle of the header. */
export function ModeToggle() {
  const { t } = useTranslation()
  const { preferences, updatePreferences } = useSession()
  const [failed, setFailed] = useState(false)
  const night = preferences.mode === 'night'

  async function toggle() {
    setFailed(false)
    try {
      await updatePreferences({ mode: night ? 'day' : 'night' })
    } catch {
      setFailed(true)
    }
  }

  return (
    <>
      <button type="button" className="icon-button mode-toggle" aria-pressed={night} onClick={toggle}>
        <span aria-hidden="true">{night ? '☾' : '☀'}</span>
        <span className="visually-hidden">{t('shell.mode.night')}</span>
      </button>
      {failed && (
        <span role="alert" className="header-alert">
          {t('shell.mode.saveFailed')}
        </span>
      )}
    </>
  )
}

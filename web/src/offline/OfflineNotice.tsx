import { useSyncExternalStore } from 'react'
import { useTranslation } from '../i18n/useTranslation'

const subscribe = (changed: () => void) => {
  window.addEventListener('online', changed)
  window.addEventListener('offline', changed)
  return () => {
    window.removeEventListener('online', changed)
    window.removeEventListener('offline', changed)
  }
}

const isOffline = () => !navigator.onLine

/**
 * "You are offline…" while the browser has no network: pages opened before still open (the service
 * worker keeps them, web/src/offline/sw.ts). A polite live region that is always there, so a screen
 * reader announces the words when the connection drops.
 */
export function OfflineNotice() {
  const { t } = useTranslation()
  const offline = useSyncExternalStore(subscribe, isOffline, () => false)
  return (
    <div role="status" aria-live="polite" className={offline ? 'notice notice-info' : undefined}>
      {offline ? t('shell.offline') : null}
    </div>
  )
}

import { useSyncExternalStore } from 'react'
import { siteBusy } from '../api/client'
import { useTranslation } from '../i18n/useTranslation'

/**
 * "The site is busy, retrying…" while a request waits to be sent again after a 503 (api/client.ts):
 * the reader is told the site is busy, not that they were signed out. A polite live region that is
 * always there, so a screen reader announces the words when they appear.
 */
export function SiteBusyNotice() {
  const { t } = useTranslation()
  const busy = useSyncExternalStore(siteBusy.subscribe, siteBusy.current, () => false)
  return (
    <div role="status" aria-live="polite" className={busy ? 'notice notice-info' : undefined}>
      {busy ? t('shell.siteBusy') : null}
    </div>
  )
}

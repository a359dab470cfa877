import { useTranslation } from '../i18n/useTranslation'
import { useEffect, useState } from 'react'
import { COPY_FLASH_MS } from './consoleMessages'

interface Props {
  text: string
  label: string
}

interface Flash {
  copied: boolean
  /** A new object per click, so a second click restarts the full second. */
  click: number
}

/** Copies `text`; 'Copied!' flashes for exactly COPY_FLASH_MS (spec section 9: 1 second). */
export function CopyButton({ text, label }: Props) {
  const { t } = useTranslation()
  const [flash, setFlash] = useState<Flash | null>(null)

  useEffect(() => {
    if (!flash) return
    const timer = setTimeout(() => setFlash(null), COPY_FLASH_MS)
    return () => clearTimeout(timer)
  }, [flash])

  async function copy() {
    try {
      await navigator.clipboard.writeText(text)
      setFlash({ copied: true, click: Date.now() })
    } catch {
      setFlash({ copied: false, click: Date.now() })
    }
  }

  return (
    <span className="copy-button">
      <button type="button" className="button button-secondary button-small" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className={flash && !flash.copied ? 'copy-status copy-failed' : 'copy-status'}>
        {flash ? (flash.copied ? t('messages.copied') : t('console.copyFailed', { text })) : ''}
      </span>
    </span>
  )
}

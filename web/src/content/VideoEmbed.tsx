import { useEffect, useId, useRef, useState } from 'react'

import { useTranslation } from '../i18n/useTranslation'
import { Html } from './Html'

/** The video site an embed plays from, named for the reader. */
const siteOf = (html: string): string => {
  const src = /\bsrc="https:\/\/([^/"]+)/i.exec(html)?.[1]?.toLowerCase() ?? ''
  if (/(^|\.)youtube(-nocookie)?\.com$/.test(src)) return 'YouTube'
  if (/(^|\.)vimeo\.com$/.test(src)) return 'Vimeo'
  return src
}

/**
 * A video embed (sanitized on the server to YouTube or Vimeo) that loads only when the reader asks:
 * the video site is a third party, and a student's page sends it nothing until then. Pressing Play
 * counts as opening the activity, and the player gets the focus so the keyboard goes on into it.
 */
export function VideoEmbed({ html, onPlay }: { html: string | null | undefined; onPlay: () => void }) {
  const { t } = useTranslation()
  const [playing, setPlaying] = useState(false)
  const holder = useRef<HTMLDivElement>(null)
  const noteId = useId()
  useEffect(() => {
    if (playing) holder.current?.querySelector('iframe')?.focus()
  }, [playing])
  if (!html) return null
  if (playing)
    return (
      <div ref={holder}>
        <Html html={html} className="video-embed" />
      </div>
    )
  return (
    <div className="video-placeholder">
      <p id={noteId}>{t('content.video.loadsFrom', { site: siteOf(html) })}</p>
      <button
        type="button"
        className="button"
        aria-describedby={noteId}
        onClick={() => {
          onPlay()
          setPlaying(true)
        }}
      >
        {t('content.video.play')}
      </button>
    </div>
  )
}

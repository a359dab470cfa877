import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import type { Activity, Attempt, Launch } from '../api/types'
import { Modal } from '../ui/Modal'
import { ErrorNotice } from '../ui/Notice'
import { openActivity } from './api/activities'
import { PackageSession } from './packageSession'

interface FrameProps {
  activity: Activity
  launch: Launch
  onClose: () => void
  onSaved?: (attempt: Attempt) => void
}

/**
 * The launcher frame on the content origin (it opens the package inside) and this activity's
 * session with it. Sandboxed without top navigation: a package cannot take over the product's tab.
 */
function PackageFrame({ activity, launch, onClose, onSaved }: FrameProps) {
  const frameRef = useRef<HTMLIFrameElement>(null)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  const onSavedRef = useRef(onSaved)
  onSavedRef.current = onSaved

  useEffect(() => {
    const session = new PackageSession({
      activityId: activity.id,
      title: activity.title,
      launch,
      frameWindow: () => frameRef.current?.contentWindow ?? null,
      onEscape: () => onCloseRef.current(),
      onSaved: (attempt) => onSavedRef.current?.(attempt),
    })
    void session.start()
    return () => session.close()
  }, [activity.id, activity.title, launch])

  return (
    <iframe
      ref={frameRef}
      className="storyline-frame"
      title={activity.title}
      src={launch.launcherUrl}
      sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-forms allow-modals allow-downloads"
      allow="fullscreen; autoplay"
    />
  )
}

/**
 * A Storyline quiz: Start opens it (POST /api/activities/:id/open records the open and answers the
 * launch) in a full-screen modal. Escape closes it, also from inside the package (the launcher
 * relays it), and focus returns to Start.
 */
export function StorylineActivity({ activity, onProgress }: { activity: Activity; onProgress?: (attempt: Attempt) => void }) {
  const { t } = useTranslation()
  const [launch, setLaunch] = useState<Launch | null>(null)
  const [opening, setOpening] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const startRef = useRef<HTMLButtonElement>(null)

  if (!activity.storylineUrl) return <p>{t('content.activity.quizUnavailable')}</p>

  async function start() {
    if (opening) return
    setError(null)
    setOpening(true)
    try {
      const answer = await openActivity(activity)
      // A teacher or staff member trying the quiz has no attempt: nothing of theirs is recorded.
      if (answer.attempt) onProgress?.(answer.attempt)
      if (answer.launch) setLaunch(answer.launch)
      else setError(new Error(t('content.activity.quizUnavailable')))
    } catch (failure) {
      setError(failure)
    } finally {
      setOpening(false)
    }
  }

  function close() {
    setLaunch(null)
    // The modal gives focus back to what had it when it opened; Start, unless the click moved it.
    requestAnimationFrame(() => startRef.current?.focus())
  }

  return (
    <>
      <button ref={startRef} type="button" className="button button-primary" aria-busy={opening || undefined} onClick={() => void start()}>
        {t('content.activity.start', { title: activity.title })}
      </button>
      {error !== null && <ErrorNotice error={error} />}
      {launch && (
        <Modal title={activity.title} size="full" initialFocus="close" onClose={close}>
          <PackageFrame activity={activity} launch={launch} onClose={close} onSaved={onProgress} />
        </Modal>
      )}
    </>
  )
}

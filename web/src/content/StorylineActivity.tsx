import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { ApiError } from '../api/client'
import type { Activity, Attempt, Launch } from '../api/types'
import { Modal } from '../ui/Modal'
import { ErrorNotice } from '../ui/Notice'
import { openActivity } from './api/activities'
import { afterClosingSave, PackageSession } from './packageSession'

interface FrameProps {
  activity: Activity
  launch: Launch
  onClose: () => void
  onSaved?: (attempt: Attempt) => void
}

/**
 * What the frame may do. Scripts and its own origin (the launcher and the package share it: the
 * SCORM API and the storage shim are reached through window.parent), forms and modals (Storyline's
 * players use alert and confirm), popups (a package's links and resources) that stay sandboxed,
 * and downloads (a resource a package attaches: a worksheet, a PDF to keep). Not top navigation,
 * so a package cannot take over the product's tab, and not escaping the sandbox in a popup.
 */
export const PACKAGE_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-modals allow-popups allow-downloads'

/**
 * The launcher frame on the content origin (it opens the package inside) and this activity's
 * session with it. The launcher never navigates itself: a second `load` means something in the
 * frame (a package setting `parent.location`) put another page there, which is then replaced by a
 * message rather than shown inside the product's modal.
 */
function PackageFrame({ activity, launch, onClose, onSaved }: FrameProps) {
  const { t } = useTranslation()
  const frameRef = useRef<HTMLIFrameElement>(null)
  const loads = useRef(0)
  const [navigatedAway, setNavigatedAway] = useState(false)
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

  if (navigatedAway) {
    return (
      <p className="storyline-left" role="alert">
        {t('content.activity.leftFrame')}
      </p>
    )
  }
  return (
    <iframe
      ref={frameRef}
      className="storyline-frame"
      title={activity.title}
      src={launch.launcherUrl}
      sandbox={PACKAGE_FRAME_SANDBOX}
      allow="fullscreen; autoplay"
      onLoad={() => {
        loads.current += 1
        if (loads.current > 1) setNavigatedAway(true)
      }}
    />
  )
}

/** The server's refusal to open a package at the address the product was reached at (cms/http/origins.ts). */
interface AddressRefusal {
  address: string
  openAt: string
  setting?: string
}

const addressRefusal = (failure: unknown): AddressRefusal | null => {
  const data = failure instanceof ApiError ? failure.data : null
  if (data?.reason !== 'address' || typeof data.address !== 'string' || typeof data.openAt !== 'string') return null
  return { address: data.address, openAt: data.openAt, setting: typeof data.setting === 'string' ? data.setting : undefined }
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
  const [refused, setRefused] = useState<AddressRefusal | null>(null)
  const startRef = useRef<HTMLButtonElement>(null)

  if (!activity.storylineUrl) return <p>{t('content.activity.quizUnavailable')}</p>

  async function start() {
    if (opening) return
    setError(null)
    setOpening(true)
    try {
      await afterClosingSave(activity.id)
      const answer = await openActivity(activity)
      // A teacher or staff member trying the quiz has no attempt: nothing of theirs is recorded.
      if (answer.attempt) onProgress?.(answer.attempt)
      if (answer.launch) setLaunch(answer.launch)
      else setError(new Error(t('content.activity.quizUnavailable')))
    } catch (failure) {
      // Opened at an address the quiz cannot play at: the modal says why, in words to pass to IT.
      const refusal = addressRefusal(failure)
      if (refusal) setRefused(refusal)
      else setError(failure)
    } finally {
      setOpening(false)
    }
  }

  function close() {
    setLaunch(null)
    setRefused(null)
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
      {refused && (
        <Modal title={activity.title} onClose={close}>
          <p role="alert">
            {refused.setting
              ? t('content.activity.wrongAddress', { address: refused.address, openAt: refused.openAt, setting: refused.setting })
              : t('content.activity.wrongLoopbackAddress', { address: refused.address, openAt: refused.openAt })}
          </p>
        </Modal>
      )}
    </>
  )
}

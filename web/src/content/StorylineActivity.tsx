import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { ApiError } from '../api/client'
import type { Activity, Attempt, Launch } from '../api/types'
import { useSession } from '../session/useSession'
import { Modal } from '../ui/Modal'
import { ErrorNotice } from '../ui/Notice'
import { openActivity } from './api/activities'
import { afterClosingSave, PackageSession } from './packageSession'
import { onSaveSent, saveQueue, type SaveState } from './saveQueue'

interface FrameProps {
  activity: Activity
  launch: Launch
  user: string
  onClose: () => void
  onFinished: () => void
}

/** The activity's saves as the queue sees them, following its changes. */
function useSaveState(activityId: unknown): SaveState {
  const queue = saveQueue()
  const key = String(activityId)
  return useSyncExternalStore(
    (onChange) => queue.subscribe(onChange),
    () => queue.state(key),
  )
}

/**
 * "Saved" or "Not saved yet: will retry", in a polite live region. While a save is simply on its
 * way, the words stay as they were, so a screen reader is not told "saving" after every answer.
 */
function SaveStatus({ activityId, closed = false }: { activityId: unknown; closed?: boolean }) {
  const { t } = useTranslation()
  const state = useSaveState(activityId)
  const shown = useRef<'saved' | 'retrying' | null>(null)
  if (state === 'saved' || state === 'retrying') shown.current = state
  else if (state === 'idle') shown.current = null
  const words = shown.current
  // Outside the modal, words show only once there was something not saved.
  const [warned, setWarned] = useState(false)
  useEffect(() => {
    if (closed && words === 'retrying') setWarned(true)
  }, [closed, words])
  if (closed && !warned && words !== 'retrying') return <p role="status" className="save-status-region" />
  return (
    <p role="status" className={words === 'retrying' ? 'save-status save-status-waiting' : words === 'saved' ? 'save-status save-status-saved' : 'save-status'}>
      {words === 'saved' && t('content.activity.saved')}
      {words === 'retrying' && t('content.activity.notSaved')}
      {words === 'retrying' && closed && (
        <>
          {' '}
          <span className="save-status-detail">{t('content.activity.notSavedClosed')}</span>
        </>
      )}
    </p>
  )
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
function PackageFrame({ activity, launch, user, onClose, onFinished }: FrameProps) {
  const { t } = useTranslation()
  const frameRef = useRef<HTMLIFrameElement>(null)
  const loads = useRef(0)
  const [navigatedAway, setNavigatedAway] = useState(false)
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose
  const onFinishedRef = useRef(onFinished)
  onFinishedRef.current = onFinished

  useEffect(() => {
    const session = new PackageSession({
      activityId: activity.id,
      title: activity.title,
      launch,
      user,
      frameWindow: () => frameRef.current?.contentWindow ?? null,
      onEscape: () => onCloseRef.current(),
      onFinished: () => onFinishedRef.current(),
    })
    void session.start()
    return () => session.close()
  }, [activity.id, activity.title, launch, user])

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
  const { user } = useSession()
  const userId = user ? String(user.id) : null
  const [launch, setLaunch] = useState<Launch | null>(null)
  const [opening, setOpening] = useState(false)
  const [finished, setFinished] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [refused, setRefused] = useState<AddressRefusal | null>(null)
  const startRef = useRef<HTMLButtonElement>(null)
  const onProgressRef = useRef(onProgress)
  onProgressRef.current = onProgress

  // The student's waiting saves are sent while a screen of theirs with a quiz is showing.
  useEffect(() => (userId ? saveQueue().holdUser(userId) : undefined), [userId])
  // Saves that reach the server after the modal closed still update the card.
  useEffect(
    () =>
      onSaveSent((save, attempt) => {
        if (save.activity === String(activity.id) && attempt) onProgressRef.current?.(attempt)
      }),
    [activity.id],
  )

  if (!activity.storylineUrl) return <p>{t('content.activity.quizUnavailable')}</p>

  async function start() {
    if (opening) return
    setError(null)
    setOpening(true)
    try {
      await afterClosingSave(activity.id)
      const queue = saveQueue()
      // Saves still waiting go first, so the open answers the state they carry.
      await queue.flush()
      const answer = await openActivity(activity)
      // A teacher or staff member trying the quiz has no attempt: nothing of theirs is recorded.
      if (answer.attempt) onProgress?.(answer.attempt)
      if (answer.launch) {
        // Saves that still could not be sent hold newer work than the server: resume from them.
        setLaunch(await queue.adopt(String(activity.id), answer.launch))
        setFinished(false)
      } else setError(new Error(t('content.activity.quizUnavailable')))
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
    setFinished(false)
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
      {/* Also after a reload: saves an earlier page could not send are still waiting. */}
      {!launch && <SaveStatus activityId={activity.id} closed />}
      {launch && userId && (
        <Modal title={activity.title} size="full" initialFocus="close" onClose={close}>
          <div className="storyline-session">
            {finished ? (
              <CourseEnd activityId={activity.id} onClose={close} />
            ) : (
              <>
                <SaveStatus activityId={activity.id} />
                <PackageFrame activity={activity} launch={launch} user={userId} onClose={close} onFinished={() => setFinished(true)} />
              </>
            )}
          </div>
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

/**
 * The package ended the course: instead of its blank "you may close this window", the modal says
 * whether the work is saved and offers to close.
 */
function CourseEnd({ activityId, onClose }: { activityId: unknown; onClose: () => void }) {
  const { t } = useTranslation()
  const closeRef = useRef<HTMLButtonElement>(null)
  useEffect(() => closeRef.current?.focus(), [])
  return (
    <div className="course-end">
      <p className="course-end-title">{t('content.activity.finished')}</p>
      <SaveStatus activityId={activityId} />
      <button ref={closeRef} type="button" className="button button-primary" onClick={onClose}>
        {t('common.close')}
      </button>
    </div>
  )
}

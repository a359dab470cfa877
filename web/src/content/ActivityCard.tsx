import { useCallback, useEffect, useId, useRef, useState, type MouseEvent } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { api } from '../api/client'
import { asObject, type Activity, type Attempt, type Media, type OpenAnswer } from '../api/types'
import { useSession } from '../session/useSession'
import { ErrorNotice } from '../ui/Notice'
import { AttemptStatus } from './AttemptStatus'
import { Html } from './Html'
import { ListenButton } from './ListenButton'
import { StorylineActivity } from './StorylineActivity'
import { VideoEmbed } from './VideoEmbed'
import { shownLanguage, useLanguage } from './translation'

type OnAttempt = (attempt: Attempt) => void

/**
 * Records that the student opened a non-quiz activity (POST /api/activities/:id/open), once per
 * page view: following one of its links or files, or starting its video. Only something the
 * student does counts (loading the module or scrolling past a card does not), and only a
 * student's opens are recorded: `active` is false for teachers and staff.
 */
function useRecordOpen(activity: Activity, active: boolean, onOpened?: OnAttempt) {
  const done = useRef(false)
  const onOpenedRef = useRef(onOpened)
  onOpenedRef.current = onOpened
  return useCallback(() => {
    if (done.current || !active) return
    done.current = true
    api
      .post<OpenAnswer>(`/api/activities/${encodeURIComponent(String(activity.id))}/open`)
      .then((answer) => {
        if (answer.attempt) onOpenedRef.current?.(answer.attempt)
      })
      .catch(() => {
        done.current = false
      })
  }, [activity.id, active])
}

/**
 * A reading, a list of links, a video or plain content has no score to report: the student says
 * when they are done with it (PUT /api/activities/:id/done), and can take it back.
 */
function MarkDone({ activity, attempt, onProgress }: { activity: Activity; attempt?: Attempt | null; onProgress?: OnAttempt }) {
  const { t } = useTranslation()
  // The box shows the student's choice at once; a failed save puts it back.
  const [pending, setPending] = useState<boolean | null>(null)
  const [error, setError] = useState<unknown>(null)
  const saving = pending !== null
  const done = pending ?? attempt?.status === 'completed'
  async function change(next: boolean) {
    setError(null)
    setPending(next)
    try {
      const answer = await api.put<{ attempt: Attempt | null }>(`/api/activities/${encodeURIComponent(String(activity.id))}/done`, { done: next })
      if (answer.attempt) onProgress?.(answer.attempt)
    } catch (failure) {
      setError(failure)
    } finally {
      setPending(null)
    }
  }
  return (
    <div className="mark-done">
      <label>
        <input
          type="checkbox"
          checked={done}
          aria-busy={saving || undefined}
          aria-label={t('content.activity.markDoneFor', { title: activity.title })}
          onChange={(event) => void (saving ? undefined : change(event.target.checked))}
        />{' '}
        {t('content.activity.markDone')}
      </label>
      {error !== null && <ErrorNotice error={error} />}
    </div>
  )
}

function isExternal(path: string): boolean {
  return /^https?:\/\//i.test(path)
}

function PathLink({ path, text }: { path: string; text?: string | null }) {
  const { t } = useTranslation()
  return isExternal(path) ? (
    <a href={path} target="_blank" rel="noopener noreferrer">
      {text}
      <span className="visually-hidden">{t('shell.footer.newTab')}</span>
    </a>
  ) : (
    <a href={path}>{text}</a>
  )
}

/** A video's player is another site's frame: focus moving into it means the student started it. */
function useFrameFocus(ref: React.RefObject<HTMLElement | null>, onFocus: () => void) {
  useEffect(() => {
    const onBlur = () => {
      const active = document.activeElement
      if (active instanceof HTMLIFrameElement && ref.current?.contains(active)) onFocus()
    }
    window.addEventListener('blur', onBlur)
    return () => window.removeEventListener('blur', onBlur)
  }, [ref, onFocus])
}

function Links({ activity }: { activity: Activity }) {
  const links = activity.links ?? []
  return (
    <>
      <Html html={activity.content} />
      <ul className="activity-links">
        {links.map((link, index) => (
          <li key={link.id ?? index}>
            <PathLink path={link.path} text={link.text} />
          </li>
        ))}
      </ul>
    </>
  )
}

function Readings({ activity }: { activity: Activity }) {
  const { t } = useTranslation()
  return (
    <>
      <Html html={activity.content} />
      <ul className="readings">
        {(activity.readings ?? []).map((reading, index) => (
          <li key={reading.id ?? index} className="reading">
            {reading.path ? <PathLink path={reading.path} text={reading.text || reading.path} /> : <span>{reading.text}</span>}
            {(reading.files ?? []).length > 0 && (
              <ul className="reading-files">
                {(reading.files ?? []).map((entry, fileIndex) => {
                  const media = asObject<Media>(entry.file)
                  const label = entry.text || media?.filename || t('content.activity.file')
                  return (
                    <li key={entry.id ?? fileIndex}>
                      {media?.url ? (
                        <a href={media.url} target="_blank" rel="noopener noreferrer">
                          {label}
                          <span className="visually-hidden">{t('shell.footer.newTab')}</span>
                        </a>
                      ) : (
                        label
                      )}
                    </li>
                  )
                })}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  )
}

function ActivityBody({ activity, onProgress, onOpen }: { activity: Activity; onProgress?: OnAttempt; onOpen: () => void }) {
  switch (activity.type) {
    case 'links':
      return <Links activity={activity} />
    case 'readings':
      return <Readings activity={activity} />
    case 'video':
      return (
        <>
          <Html html={activity.content} />
          <VideoEmbed html={activity.video} onPlay={onOpen} />
        </>
      )
    case 'storyline':
      return (
        <>
          <Html html={activity.content} />
          <StorylineActivity activity={activity} onProgress={onProgress} />
        </>
      )
    default:
      return <Html html={activity.content} />
  }
}

interface CardProps {
  activity: Activity
  /** The student's own attempt, if they have opened it before. */
  attempt?: Attempt | null
  /** Called with the attempt after an open or a save, so the page can show it. */
  onProgress?: OnAttempt
}

/** One activity of a module; its width (full, half, third) sets its span of the grid. */
export function ActivityCard({ activity, attempt, onProgress }: CardProps) {
  const ref = useRef<HTMLElement>(null)
  const text = useRef<HTMLDivElement>(null)
  const titleId = useId()
  // The language the activity is really shown in (English where it has no translation yet).
  const shown = shownLanguage(activity, useLanguage())
  const { user } = useSession()
  const student = user?.attributes?.type === 'student'
  const record = useRecordOpen(activity, student, onProgress)
  const tracked = activity.type !== 'storyline'
  useFrameFocus(ref, tracked && activity.type === 'video' ? record : noop)
  const onClick = (event: MouseEvent) => {
    if (tracked && (event.target as HTMLElement).closest('a')) record()
  }
  return (
    // Clicks on its links count as opening it; the links themselves stay ordinary links (keyboard
    // users activate them as usual, so the article needs no key handler of its own).
    <article ref={ref} onClick={onClick} className={`card activity-card activity-${activity.type ?? 'default'} width-${activity.width ?? 'full'}`}>
      <div className="card-body">
        <h2 className="card-title" id={titleId} lang={shown}>
          {activity.title}
        </h2>
        <AttemptStatus attempt={attempt} reserve={student} />
        <div ref={text} lang={shown}>
          <ActivityBody activity={activity} onProgress={onProgress} onOpen={record} />
        </div>
        {readAloud(activity.type) && <ListenButton target={text} language={shown} title={activity.title} labelledBy={titleId} />}
        {student && tracked && <MarkDone activity={activity} attempt={attempt} onProgress={onProgress} />}
      </div>
    </article>
  )
}

const noop = () => undefined

/** A reading list and a content panel are text to read; links, videos and quizzes are not. */
const readAloud = (type: Activity['type']) => type === 'readings' || type === 'default' || !type

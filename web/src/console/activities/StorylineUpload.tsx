import { useTranslation } from '../../i18n/useTranslation'
import { useId, useRef, useState } from 'react'
import { Modal } from '../../ui/Modal'
import { SuccessNotice } from '../../ui/Notice'
import { deleteStoryline, upload } from '../api/consoleApi'
import { ConsoleError } from '../ConsoleError'
import type { Standard } from '../../api/types'
import { formatDate, type ActivityDoc } from '../api/consoleTypes'
import en from '../../i18n/locales/en.json'

export const PACKAGE_UPLOADED = en.messages.packageUploaded

/** How the server's launch detection names what it found (cms/packages/storyline/launch.ts): catalogue keys. */
export const standardLabels: Record<Standard, string> = {
  scorm12: 'console.storyline.standards.scorm12',
  scorm2004: 'console.storyline.standards.scorm2004',
  xapi: 'console.storyline.standards.xapi',
  cmi5: 'console.storyline.standards.cmi5',
  none: 'console.storyline.standards.none',
}
export const PACKAGE_REMOVED = en.messages.packageRemoved

function formatBytes(bytes: number | null | undefined): string {
  if (!bytes) return '0 B'
  const units = ['B', 'KB', 'MB', 'GB']
  const power = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)))
  return `${(bytes / 1024 ** power).toFixed(power === 0 ? 0 : 1)} ${units[power]}`
}

interface Props {
  activity: ActivityDoc
  onUploaded: (doc: ActivityDoc) => void
}

/** POST /api/activities/:id/storyline with the .zip; shows progress, the server's error, and the current package. */
export function StorylineUpload({ activity, onUploaded }: Props) {
  const { t } = useTranslation()
  const id = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<unknown>(null)
  const [done, setDone] = useState<string | null>(null)
  const [warnings, setWarnings] = useState<string[]>([])
  const [confirming, setConfirming] = useState(false)
  const current = activity.storyline

  async function remove() {
    setConfirming(false)
    setDone(null)
    setError(null)
    try {
      const answer = await deleteStoryline<ActivityDoc>(activity.id)
      setDone(PACKAGE_REMOVED)
      onUploaded(answer.doc)
    } catch (failure) {
      setError(failure)
    }
  }

  async function send() {
    const file = fileRef.current?.files?.[0]
    setDone(null)
    setWarnings([])
    if (!file) {
      setError(new Error(t('console.storyline.chooseZip')))
      return
    }
    if (!file.name.toLowerCase().endsWith('.zip')) {
      setError(new Error(t('console.storyline.notZip')))
      return
    }
    const form = new FormData()
    form.append('file', file)
    setError(null)
    setProgress(0)
    try {
      const answer = await upload<{ doc: ActivityDoc; message?: string; warnings?: string[] }>(`/api/activities/${activity.id}/storyline`, form, setProgress)
      setDone(PACKAGE_UPLOADED)
      setWarnings(answer.warnings ?? [])
      if (fileRef.current) fileRef.current.value = ''
      onUploaded(answer.doc)
    } catch (failure) {
      setError(failure)
    } finally {
      setProgress(null)
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="console-fieldset storyline-upload">
      <h2 id={`${id}-title`}>{t('console.storyline.title')}</h2>
      {current?.filename ? (
        <dl className="read-only-fields">
          <div>
            <dt>{t('console.storyline.file')}</dt>
            <dd>{current.filename}</dd>
          </div>
          <div>
            <dt>{t('console.storyline.fileCount')}</dt>
            <dd>{current.fileCount ?? 0}</dd>
          </div>
          <div>
            <dt>{t('console.storyline.size')}</dt>
            <dd>{formatBytes(current.totalBytes)}</dd>
          </div>
          <div>
            <dt>{t('console.storyline.uploaded')}</dt>
            <dd>{formatDate(current.uploadedAt)}</dd>
          </div>
          {current.standard && (
            <div>
              <dt>{t('console.storyline.tracking')}</dt>
              <dd>{t(standardLabels[current.standard])}</dd>
            </div>
          )}
          {current.launchFile && (
            <div>
              <dt>{t('console.storyline.launchFile')}</dt>
              <dd>
                <code>{current.launchFile}</code>
              </dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="field-hint">{t('console.storyline.none')}</p>
      )}
      {activity.storylineUrl && (
        <p>
          <a href={activity.storylineUrl} target="_blank" rel="noopener noreferrer">
            {t('console.storyline.preview')} <span className="visually-hidden">{t('console.storyline.previewHidden')}</span>
          </a>
        </p>
      )}
      {done && <SuccessNotice>{done}</SuccessNotice>}
      {warnings.length > 0 && (
        <div className="notice notice-error" role="status">
          <ul>
            {warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      )}
      {error !== null && <ConsoleError error={error} />}
      <div className="media-upload-row">
        <label htmlFor={`${id}-file`}>{t('console.storyline.export')}</label>
        <input id={`${id}-file`} ref={fileRef} type="file" accept=".zip,application/zip" />
        <button type="button" className="button button-secondary button-small" disabled={progress !== null} onClick={() => void send()}>
          {t(progress !== null ? 'console.media.uploading' : current?.filename ? 'console.storyline.replace' : 'console.storyline.upload')}
        </button>
        {current?.filename && (
          <button type="button" className="button button-secondary button-small" disabled={progress !== null} onClick={() => setConfirming(true)}>
            {t('console.storyline.remove')}
          </button>
        )}
      </div>
      {progress !== null && (
        <p>
          <label htmlFor={`${id}-progress`}>{t('console.storyline.progress')}</label>{' '}
          <progress id={`${id}-progress`} max={100} value={Math.round(progress * 100)} />{' '}
          {progress >= 1 ? t('console.storyline.checking') : `${Math.round(progress * 100)}%`}
        </p>
      )}
      {confirming && (
        <Modal title={t('console.storyline.confirmTitle')} size="small" onClose={() => setConfirming(false)}>
          <p>{t('console.storyline.confirmText')}</p>
          <div className="form-actions">
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button-danger" onClick={() => void remove()}>
              {t('console.storyline.remove')}
            </button>
          </div>
        </Modal>
      )}
    </section>
  )
}

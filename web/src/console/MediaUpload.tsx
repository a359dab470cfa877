import { useTranslation } from '../i18n/useTranslation'
import { useId, useRef, useState } from 'react'
import type { Media } from '../api/types'
import { ErrorNotice } from '../ui/Notice'
import { upload } from './api/consoleApi'

interface Props {
  label: string
  /** The current media document, or null. */
  value: Media | null
  onChange: (media: Media | null) => void
  accept?: string
  /** Images get an alt text field and a thumbnail preview. */
  image?: boolean
}

/** Uploads one file to the media collection (POST /api/media) and hands back its document. */
export function MediaUpload({ label, value, onChange, accept, image = false }: Props) {
  const { t } = useTranslation()
  const id = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const [alt, setAlt] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)

  async function send() {
    const file = fileRef.current?.files?.[0]
    if (!file) {
      setError(new Error(t('console.media.chooseFirst')))
      return
    }
    const form = new FormData()
    form.append('file', file)
    form.append('_payload', JSON.stringify({ alt: alt || file.name }))
    setBusy(true)
    setError(null)
    try {
      const answer = await upload<{ doc: Media }>('/api/media', form)
      onChange(answer.doc)
      if (fileRef.current) fileRef.current.value = ''
      setAlt('')
    } catch (failure) {
      setError(failure)
    } finally {
      setBusy(false)
    }
  }

  return (
    <fieldset className="field media-upload">
      <legend className="field-label">{label}</legend>
      {value ? (
        <div className="media-current">
          {image && value.url ? (
            // Its size given, the image's room is kept while it loads: the form below does not move under the pointer.
            <img src={value.url} alt={value.alt ?? ''} width={value.width ?? undefined} height={value.height ?? undefined} className="media-thumbnail" />
          ) : null}
          {value.url ? (
            <a href={value.url} target="_blank" rel="noopener noreferrer">
              {value.filename ?? t('console.media.current')}
              <span className="visually-hidden">{t('shell.footer.newTab')}</span>
            </a>
          ) : (
            <span>{value.filename ?? t('console.media.fileNumber', { id: value.id })}</span>
          )}
          <button type="button" className="button button-secondary button-small" onClick={() => onChange(null)}>
            {t('console.media.remove', { name: label.toLowerCase() })}
          </button>
        </div>
      ) : (
        <p className="field-hint">{t('console.media.none')}</p>
      )}
      {error !== null && <ErrorNotice error={error} />}
      <div className="media-upload-row">
        <label htmlFor={`${id}-file`}>{t('console.media.choose')}</label>
        <input id={`${id}-file`} ref={fileRef} type="file" accept={accept} />
        {image && (
          <>
            <label htmlFor={`${id}-alt`}>{t('console.media.alt')}</label>
            <input id={`${id}-alt`} className="input" value={alt} onChange={(event) => setAlt(event.target.value)} />
          </>
        )}
        <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => void send()}>
          {busy ? t('console.media.uploading') : t('console.media.upload', { name: label.toLowerCase() })}
        </button>
      </div>
    </fieldset>
  )
}

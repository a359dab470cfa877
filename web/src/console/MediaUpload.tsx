import { useId, useRef, useState } from 'react'
import type { Media } from '../api/types'
import { ErrorNotice } from '../ui/Notice'
import { upload } from './consoleApi'

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
  const id = useId()
  const fileRef = useRef<HTMLInputElement>(null)
  const [alt, setAlt] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)

  async function send() {
    const file = fileRef.current?.files?.[0]
    if (!file) {
      setError(new Error('Choose a file first.'))
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
          {image && value.url ? <img src={value.url} alt={value.alt ?? ''} className="media-thumbnail" /> : null}
          {value.url ? (
            <a href={value.url} target="_blank" rel="noopener noreferrer">
              {value.filename ?? 'Current file'} <span className="visually-hidden">(opens in a new tab)</span>
            </a>
          ) : (
            <span>{value.filename ?? `File ${value.id}`}</span>
          )}
          <button type="button" className="button button-secondary button-small" onClick={() => onChange(null)}>
            Remove {label.toLowerCase()}
          </button>
        </div>
      ) : (
        <p className="field-hint">No file.</p>
      )}
      {error !== null && <ErrorNotice error={error} />}
      <div className="media-upload-row">
        <label htmlFor={`${id}-file`}>Choose a file</label>
        <input id={`${id}-file`} ref={fileRef} type="file" accept={accept} />
        {image && (
          <>
            <label htmlFor={`${id}-alt`}>Image description (alt text)</label>
            <input id={`${id}-alt`} className="input" value={alt} onChange={(event) => setAlt(event.target.value)} />
          </>
        )}
        <button type="button" className="button button-secondary button-small" disabled={busy} onClick={() => void send()}>
          {busy ? 'Uploading' : `Upload ${label.toLowerCase()}`}
        </button>
      </div>
    </fieldset>
  )
}

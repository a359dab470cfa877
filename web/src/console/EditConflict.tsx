import { useEffect, useRef, useState } from 'react'
import { ApiError } from '../api/client'
import { useTranslation } from '../i18n/useTranslation'
import { ErrorNotice } from '../ui/Notice'
import { useRevalidateCollection } from './api/consoleApi'
import type { Collection } from './consoleScopes'

interface Conflict {
  /** The server's words, in the reader's language. */
  message: string
  /** The version saved meanwhile (its `updatedAt`). */
  updatedAt: string
}

/**
 * The version an edit form was opened at, sent with every save so that a save made against an
 * older version is refused (412) instead of erasing another editor's changes; then the editor
 * chooses: reload their version (the form takes the stored values) or overwrite it with theirs.
 * `reset` puts a document's values in the form.
 */
export function useEditVersion<T extends { updatedAt?: string }>(collection: Collection, doc: T | undefined, reset: (doc: T) => void) {
  const version = useRef(doc?.updatedAt)
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const [reloading, setReloading] = useState(false)
  const revalidate = useRevalidateCollection()
  const resetRef = useRef(reset)
  resetRef.current = reset

  // The newer version asked for arrives as `doc` once the collection's reads are fetched again.
  useEffect(() => {
    if (!reloading || !doc || doc.updatedAt === version.current) return
    version.current = doc.updatedAt
    resetRef.current(doc)
    setReloading(false)
    setConflict(null)
  }, [doc, reloading])

  return {
    /** The version a save is made against. */
    version: () => version.current,
    /** After a save: the version it made. */
    saved(doc: { updatedAt?: string }) {
      version.current = doc.updatedAt
      setConflict(null)
    },
    /** Whether a failed save was refused for a newer version (then shown by `<EditConflict>`). */
    caught(error: unknown): boolean {
      if (!(error instanceof ApiError) || error.status !== 412 || typeof error.data?.updatedAt !== 'string') return false
      setConflict({ message: error.serverMessage ?? '', updatedAt: error.data.updatedAt })
      return true
    },
    conflict,
    reloading,
    reload() {
      setReloading(true)
      void revalidate(collection)
    },
    /** The next save replaces the version found: the editor has seen the conflict and chosen theirs. */
    overwrite() {
      if (conflict) version.current = conflict.updatedAt
      setConflict(null)
    },
  }
}

/** The conflict said, with the two ways on: reload their version, or overwrite it with mine. */
export function EditConflict({ edit, onOverwrite }: { edit: ReturnType<typeof useEditVersion>; onOverwrite: () => void }) {
  const { t } = useTranslation()
  const heading = useRef<HTMLDivElement>(null)
  const shown = edit.conflict !== null
  useEffect(() => {
    if (shown) heading.current?.focus()
  }, [shown])
  if (!edit.conflict) return null
  return (
    <div className="edit-conflict" ref={heading} tabIndex={-1}>
      <ErrorNotice>{edit.conflict.message}</ErrorNotice>
      <div className="form-actions">
        <button type="button" className="button button-secondary" onClick={edit.reload} disabled={edit.reloading} aria-busy={edit.reloading || undefined}>
          {t('console.conflict.reload')}
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={() => {
            edit.overwrite()
            onOverwrite()
          }}
        >
          {t('console.conflict.overwrite')}
        </button>
      </div>
    </div>
  )
}

import { type ReactNode, useId, useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { Modal } from '../ui/Modal'
import { ErrorNotice } from '../ui/Notice'
import { ModalActions } from '../ui/ModalActions'

interface Props {
  title: string
  body: string
  confirmLabel: string
  /** Runs the action; a failure stays in the dialog with the server's message. */
  run: () => Promise<void>
  onClose: () => void
  /** The action cannot be undone: its button is red. */
  danger?: boolean
  /** The teacher types this (the student's or the classroom's name) before the action runs. */
  confirmName?: string
  /** More of the question (a choice the action depends on), after the body. */
  children?: ReactNode
}

/** Asks before a roster or classroom change that cannot be taken back (remove, delete, new passwords, archive). */
export function ConfirmRosterAction({ title, body, confirmLabel, run, onClose, danger = false, confirmName, children }: Props) {
  const { t } = useTranslation()
  const ids = useId()
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  return (
    <Modal title={title} size="small" onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={async (event) => {
          event.preventDefault()
          setError(null)
          if (confirmName !== undefined && typed.trim() !== confirmName) return setProblem(t('classrooms.confirmName.mismatch', { name: confirmName }))
          setProblem(null)
          setBusy(true)
          try {
            await run()
          } catch (failure) {
            setError(failure)
            setBusy(false)
          }
        }}
      >
        {error !== null && <ErrorNotice error={error} />}
        <p>{body}</p>
        {children}
        {confirmName !== undefined && (
          <div className="field">
            <label htmlFor={`${ids}-name`}>{t('classrooms.confirmName.label', { name: confirmName })}</label>
            <input
              className="input"
              id={`${ids}-name`}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${ids}-problem` : undefined}
            />
            {problem && (
              <p id={`${ids}-problem`} className="field-error" role="alert">
                {problem}
              </p>
            )}
          </div>
        )}
        <ModalActions saveLabel={confirmLabel} saving={busy} onCancel={onClose} cancelLabel={t('classrooms.roster.cancel')} danger={danger} />
      </form>
    </Modal>
  )
}

import { useState } from 'react'
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
}

/** Asks before a roster change that cannot be taken back (remove, delete, new password). */
export function ConfirmRosterAction({ title, body, confirmLabel, run, onClose }: Props) {
  const { t } = useTranslation()
  const [error, setError] = useState<unknown>(null)
  const [busy, setBusy] = useState(false)
  return (
    <Modal title={title} size="small" onClose={onClose}>
      <form
        className="form"
        onSubmit={async (event) => {
          event.preventDefault()
          setError(null)
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
        <ModalActions saveLabel={confirmLabel} saving={busy} onCancel={onClose} cancelLabel={t('classrooms.roster.cancel')} />
      </form>
    </Modal>
  )
}

import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { Modal } from '../ui/Modal'
import { ErrorNotice } from '../ui/Notice'
import { deleteDoc, useRevalidateCollection } from './consoleApi'
import { can, type Collection } from './consoleScopes'

interface Props {
  collection: Collection
  id: string | number
  /** What is deleted, as the dialog names it, e.g. 'the topic “Rights”'. */
  name: string
  /** Where to go once deleted. */
  redirectTo: string
}

/** Shown only with the collection's :delete scope; asks for confirmation in a dialog. */
export function DeleteButton({ collection, id, name, redirectTo }: Props) {
  const { user } = useSession()
  const navigate = useNavigate()
  const revalidate = useRevalidateCollection()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  if (!can(user, collection, 'delete')) return null

  async function confirm() {
    setBusy(true)
    setError(null)
    try {
      await deleteDoc(collection, id)
      await revalidate(collection)
      navigate(redirectTo, { replace: true })
    } catch (failure) {
      setError(failure)
      setBusy(false)
    }
  }

  return (
    <>
      <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
        Delete
      </button>
      {open && (
        <Modal title="Delete?" size="small" onClose={() => setOpen(false)}>
          {error !== null && <ErrorNotice error={error} />}
          <p>Delete {name}? This cannot be undone.</p>
          <div className="form-actions">
            <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="button" className="button button-danger" disabled={busy} onClick={() => void confirm()}>
              {busy ? 'Deleting' : 'Delete'}
            </button>
          </div>
        </Modal>
      )}
    </>
  )
}

import { useTranslation } from '../i18n/useTranslation'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { Modal } from '../ui/Modal'
import { ErrorNotice } from '../ui/Notice'
import { deleteDoc, useRevalidateCollection } from './api/consoleApi'
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
  const { t } = useTranslation()
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
        {t('console.delete.button')}
      </button>
      {open && (
        <Modal title={t('console.delete.title')} size="small" onClose={() => setOpen(false)}>
          {error !== null && <ErrorNotice error={error} />}
          <p>{t('console.delete.confirm', { name })}</p>
          <div className="form-actions">
            <button type="button" className="button button-secondary" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </button>
            <button type="button" className="button button-danger" disabled={busy} onClick={() => void confirm()}>
              {t(busy ? 'console.delete.deleting' : 'console.delete.button')}
            </button>
          </div>
        </Modal>
      )}
    </>
  )
}

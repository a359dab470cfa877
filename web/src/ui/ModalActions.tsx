import { useTranslation } from '../i18n/useTranslation'
import { SaveButton } from './SaveButton'

interface Props {
  /** The submit button's words (the action the modal confirms). */
  saveLabel: string
  /** The form is being sent: the button reads 'Saving' and is disabled. */
  saving: boolean
  onCancel: () => void
  cancelLabel?: string
  /** The confirmed action cannot be undone (a red button). */
  danger?: boolean
}

/** The buttons at the foot of a modal's form: Cancel closes it, the save button submits it. */
export function ModalActions({ saveLabel, saving, onCancel, cancelLabel, danger = false }: Props) {
  const { t } = useTranslation()
  return (
    <div className="form-actions modal-actions">
      <button type="button" className="button button-secondary" onClick={onCancel}>
        {cancelLabel ?? t('common.cancel')}
      </button>
      <SaveButton label={saveLabel} loading={saving} danger={danger} />
    </div>
  )
}

import type { ButtonHTMLAttributes } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import en from '../i18n/locales/en.screens.json'

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  label?: string
  loading?: boolean
  success?: boolean
  /** The action cannot be undone: the button is red, not the blue of an ordinary save. */
  danger?: boolean
}

export const SAVING = en.ui.save.saving
export const SAVED = en.ui.save.saved

/** Spec section 4: normal; while loading disabled and reading 'Saving'; on success 'Saved!' beside it. */
export function SaveButton({ label, loading = false, success = false, danger = false, type = 'submit', disabled, ...button }: Props) {
  const { t } = useTranslation()
  return (
    <span className="save-button">
      <button
        {...button}
        type={type}
        className={`button ${danger ? 'button-danger' : 'button-primary'}`}
        disabled={loading || disabled}
        aria-busy={loading || undefined}
      >
        {loading ? t('ui.save.saving') : (label ?? t('ui.save.save'))}
      </button>
      <span role="status" className="save-status">
        {success && !loading ? t('ui.save.saved') : ''}
      </span>
    </span>
  )
}

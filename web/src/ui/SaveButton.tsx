import type { ButtonHTMLAttributes } from 'react'

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  label?: string
  loading?: boolean
  success?: boolean
}

export const SAVING = 'Saving'
export const SAVED = 'Saved!'

/** Spec section 4: normal; while loading disabled and reading 'Saving'; on success 'Saved!' beside it. */
export function SaveButton({ label = 'Save', loading = false, success = false, type = 'submit', disabled, ...button }: Props) {
  return (
    <span className="save-button">
      <button {...button} type={type} className="button button-primary" disabled={loading || disabled} aria-busy={loading || undefined}>
        {loading ? SAVING : label}
      </button>
      <span role="status" className="save-status">
        {success && !loading ? SAVED : ''}
      </span>
    </span>
  )
}

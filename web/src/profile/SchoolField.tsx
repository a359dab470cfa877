import { useId, useState } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import type { School } from '../api/types'
import { translateMessage } from '../i18n/messages'
import { RequiredDot } from '../ui/Field'
import { SchoolModal } from './SchoolModal'

interface Props {
  value: School | null
  onChange: (school: School) => void
  onBlur: () => void
  error?: string
  touched?: boolean
}

/** The chosen school, and the button that opens the school modal. */
export function SchoolField({ value, onChange, onBlur, error, touched }: Props) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const id = useId()
  const invalid = Boolean(touched && error)
  return (
    <div className={invalid ? 'field field-invalid' : 'field'} role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field-label">
        {t('profile.school.label')}
        <RequiredDot />
      </span>
      <p className="school-choice" id={`${id}-value`}>
        {value ? (
          <>
            <strong>{value.name}</strong>
            {value.district && <span className="school-meta"> {value.district}</span>}
          </>
        ) : (
          t('profile.school.none')
        )}
      </p>
      <button
        type="button"
        className="button button-secondary"
        aria-describedby={[`${id}-value`, invalid ? `${id}-error` : ''].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        onClick={() => setOpen(true)}
      >
        {t(value ? 'profile.school.change' : 'profile.school.choose')}
      </button>
      {invalid && (
        <p id={`${id}-error`} className="field-error">
          {error && translateMessage(error)}
        </p>
      )}
      {open && (
        <SchoolModal
          onSelect={onChange}
          onClose={() => {
            setOpen(false)
            onBlur()
          }}
        />
      )}
    </div>
  )
}

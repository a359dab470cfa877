import { type ReactNode, useId } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { translateMessage } from '../i18n/messages'

export interface FieldProps {
  label: string
  /** Marks the label with the required dot. */
  required?: boolean
  /** The validation message; shown once the field is touched. */
  error?: string
  touched?: boolean
  /** Shown with the error (spec: "its error and optional helper text"). */
  helperText?: string
  /** Shown at all times, for information the user needs before typing. */
  hint?: string
}

export interface FieldIds {
  inputId: string
  describedBy: string | undefined
  invalid: boolean
}

export function fieldIds(id: string, { error, touched, helperText, hint }: FieldProps): FieldIds {
  const invalid = Boolean(touched && error)
  const ids = [hint ? `${id}-hint` : null, invalid ? `${id}-error` : null, invalid && helperText ? `${id}-helper` : null]
  const describedBy = ids.filter(Boolean).join(' ') || undefined
  return { inputId: id, describedBy, invalid }
}

/**
 * One field's wiring: its id (given or generated), the props for <Field> and the accessibility
 * attributes of the control (invalid state, description ids, required).
 */
export function useFieldControl({ id, label, required, error, touched, helperText, hint }: FieldProps & { id?: string }) {
  const generated = useId()
  const inputId = id ?? generated
  const field = { label, required, error, touched, helperText, hint }
  const { describedBy, invalid } = fieldIds(inputId, field)
  const control = {
    id: inputId,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    'aria-required': required || undefined,
  }
  return { inputId, field, control }
}

export function RequiredDot() {
  const { t } = useTranslation()
  return (
    <>
      <span className="required-dot" aria-hidden="true" title={t('common.required')}>
        •
      </span>
      <span className="visually-hidden">{t('common.requiredSuffix')}</span>
    </>
  )
}

export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label className="field-label" htmlFor={htmlFor}>
      {label}
      {required && <RequiredDot />}
    </label>
  )
}

/** Label, control, hint, error and helper text of one form field. */
export function Field({ id, children, ...props }: FieldProps & { id: string; children: ReactNode }) {
  useTranslation() // shows the message again in a newly chosen language
  const { invalid } = fieldIds(id, props)
  return (
    <div className={invalid ? 'field field-invalid' : 'field'}>
      <FieldLabel htmlFor={id} label={props.label} required={props.required} />
      {children}
      {props.hint && (
        <p id={`${id}-hint`} className="field-hint">
          {props.hint}
        </p>
      )}
      {invalid && (
        <p id={`${id}-error`} className="field-error">
          {props.error && translateMessage(props.error)}
        </p>
      )}
      {invalid && props.helperText && (
        <p id={`${id}-helper`} className="field-helper">
          {props.helperText}
        </p>
      )}
    </div>
  )
}

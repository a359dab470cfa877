import { useId } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import { translateMessage } from '../i18n/messages'
import { RequiredDot } from './Field'

interface Props {
  legend: string
  options: readonly string[]
  registration: UseFormRegisterReturn
  required?: boolean
  error?: string
  touched?: boolean
}

/** A set of checkboxes writing one array field. */
export function CheckboxGroup({ legend, options, registration, required, error, touched }: Props) {
  useTranslation() // shows the message again in a newly chosen language
  const id = useId()
  const invalid = Boolean(touched && error)
  return (
    <fieldset
      className={invalid ? 'field checkbox-group field-invalid' : 'field checkbox-group'}
      aria-describedby={invalid ? `${id}-error` : undefined}
      aria-invalid={invalid || undefined}
    >
      <legend className="field-label">
        {legend}
        {required && <RequiredDot />}
      </legend>
      <div className="checkbox-options">
        {options.map((option, index) => (
          <label key={option} className="checkbox" htmlFor={`${id}-${index}`}>
            <input id={`${id}-${index}`} type="checkbox" value={option} {...registration} />
            {option}
          </label>
        ))}
      </div>
      {invalid && (
        <p id={`${id}-error`} className="field-error">
          {error && translateMessage(error)}
        </p>
      )}
    </fieldset>
  )
}

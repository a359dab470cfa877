import { useId, useState, type InputHTMLAttributes, type Ref } from 'react'
import { Field, fieldIds, type FieldProps } from './Field'

type Props = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'required' | 'type'> & { ref?: Ref<HTMLInputElement> }

/** A password field that starts masked, with a show/hide toggle. */
export function PasswordInput({ label, required, error, touched, helperText, hint, id, ref, ...input }: Props) {
  const generated = useId()
  const inputId = id ?? generated
  const [visible, setVisible] = useState(false)
  const field = { label, required, error, touched, helperText, hint }
  const { describedBy, invalid } = fieldIds(inputId, field)
  return (
    <Field id={inputId} {...field}>
      <div className="password-input">
        <input
          {...input}
          ref={ref}
          id={inputId}
          type={visible ? 'text' : 'password'}
          className="input"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          aria-required={required || undefined}
        />
        <button
          type="button"
          className="password-toggle"
          aria-controls={inputId}
          aria-pressed={visible}
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </Field>
  )
}

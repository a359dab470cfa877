import { useId, type InputHTMLAttributes, type Ref } from 'react'
import { Field, fieldIds, type FieldProps } from './Field'

type Props = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'required'> & { ref?: Ref<HTMLInputElement> }

export function TextInput({ label, required, error, touched, helperText, hint, id, ref, ...input }: Props) {
  const generated = useId()
  const inputId = id ?? generated
  const field = { label, required, error, touched, helperText, hint }
  const { describedBy, invalid } = fieldIds(inputId, field)
  return (
    <Field id={inputId} {...field}>
      <input
        type="text"
        {...input}
        ref={ref}
        id={inputId}
        className="input"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
      />
    </Field>
  )
}

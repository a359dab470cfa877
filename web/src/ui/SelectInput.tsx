import { useId, type Ref, type SelectHTMLAttributes } from 'react'
import { Field, fieldIds, type FieldProps } from './Field'

export interface Option {
  value: string
  label: string
}

type Props = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required'> & {
    options: Option[]
    placeholder?: string
    ref?: Ref<HTMLSelectElement>
  }

export function SelectInput({ label, required, error, touched, helperText, hint, id, ref, options, placeholder, ...select }: Props) {
  const generated = useId()
  const inputId = id ?? generated
  const field = { label, required, error, touched, helperText, hint }
  const { describedBy, invalid } = fieldIds(inputId, field)
  return (
    <Field id={inputId} {...field}>
      <select
        {...select}
        ref={ref}
        id={inputId}
        className="input select"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  )
}

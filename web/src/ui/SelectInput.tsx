import { type Ref, type SelectHTMLAttributes } from 'react'
import { Field, type FieldProps, useFieldControl } from './Field'

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
  const { inputId, field, control } = useFieldControl({ id, label, required, error, touched, helperText, hint })
  return (
    <Field id={inputId} {...field}>
      <select {...select} ref={ref} {...control} className="input select">
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

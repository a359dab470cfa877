import { type InputHTMLAttributes, type Ref } from 'react'
import { Field, type FieldProps, useFieldControl } from './Field'

type Props = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'required'> & { ref?: Ref<HTMLInputElement> }

export function TextInput({ label, required, error, touched, helperText, hint, id, ref, ...input }: Props) {
  const { inputId, field, control } = useFieldControl({ id, label, required, error, touched, helperText, hint })
  return (
    <Field id={inputId} {...field}>
      <input type="text" {...input} ref={ref} {...control} className="input" />
    </Field>
  )
}

import { type Ref, type TextareaHTMLAttributes } from 'react'
import { Field, type FieldProps, useFieldControl } from './Field'

type Props = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required'> & { ref?: Ref<HTMLTextAreaElement> }

/** Multi-line input; its minimum height (16em) is in the shell's base stylesheet. */
export function TextArea({ label, required, error, touched, helperText, hint, id, ref, ...textarea }: Props) {
  const { inputId, field, control } = useFieldControl({ id, label, required, error, touched, helperText, hint })
  return (
    <Field id={inputId} {...field}>
      <textarea {...textarea} ref={ref} {...control} className="input textarea" />
    </Field>
  )
}

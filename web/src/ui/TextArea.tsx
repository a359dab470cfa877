import { useId, type Ref, type TextareaHTMLAttributes } from 'react'
import { Field, fieldIds, type FieldProps } from './Field'

type Props = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required'> & { ref?: Ref<HTMLTextAreaElement> }

/** Multi-line input; its minimum height (16em) is in the shell's base stylesheet. */
export function TextArea({ label, required, error, touched, helperText, hint, id, ref, ...textarea }: Props) {
  const generated = useId()
  const inputId = id ?? generated
  const field = { label, required, error, touched, helperText, hint }
  const { describedBy, invalid } = fieldIds(inputId, field)
  return (
    <Field id={inputId} {...field}>
      <textarea
        {...textarea}
        ref={ref}
        id={inputId}
        className="input textarea"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
      />
    </Field>
  )
}

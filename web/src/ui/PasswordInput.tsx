import { useState, type InputHTMLAttributes, type Ref } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { Field, type FieldProps, useFieldControl } from './Field'

type Props = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'required' | 'type'> & { ref?: Ref<HTMLInputElement> }

/** A password field that starts masked, with a show/hide toggle. */
export function PasswordInput({ label, required, error, touched, helperText, hint, id, ref, ...input }: Props) {
  const { inputId, field, control } = useFieldControl({ id, label, required, error, touched, helperText, hint })
  const [visible, setVisible] = useState(false)
  const { t } = useTranslation()
  return (
    <Field id={inputId} {...field}>
      <div className="password-input">
        <input {...input} ref={ref} {...control} type={visible ? 'text' : 'password'} className="input" />
        <button
          type="button"
          className="password-toggle"
          aria-controls={inputId}
          aria-pressed={visible}
          aria-label={t(visible ? 'ui.password.hideField' : 'ui.password.showField', { label: label.toLowerCase() })}
          onClick={() => setVisible((value) => !value)}
        >
          {t(visible ? 'ui.password.hide' : 'ui.password.show')}
        </button>
      </div>
    </Field>
  )
}

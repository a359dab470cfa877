import { useId, type InputHTMLAttributes, type Ref } from 'react'

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role'> & {
  label: string
  /** Describes the "on" state next to the switch, e.g. 'Night'. */
  stateLabel?: string
  ref?: Ref<HTMLInputElement>
}

export function Switch({ label, stateLabel, id, ref, ...input }: Props) {
  const generated = useId()
  const inputId = id ?? generated
  return (
    <div className="field switch-field">
      <input {...input} ref={ref} id={inputId} type="checkbox" role="switch" className="switch" />
      <label htmlFor={inputId} className="switch-label">
        {label}
        {stateLabel && <span className="switch-state"> {stateLabel}</span>}
      </label>
    </div>
  )
}

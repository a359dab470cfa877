import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'

/** Register a field and pass the error to show once it is touched (or the form was submitted). */
export function fieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const { errors, touchedFields, isSubmitted } = form.formState
  const error = (get(errors, name) as { message?: string } | undefined)?.message
  const touched = Boolean(get(touchedFields, name)) || isSubmitted
  return { ...form.register(name), error, touched }
}

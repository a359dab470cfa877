import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import type { InferType } from 'yup'
import { fieldProps } from '../ui/fieldProps'
import { ErrorNotice } from '../ui/Notice'
import { SaveButton } from '../ui/SaveButton'
import { TextInput } from '../ui/TextInput'
import { classroomSchema } from './classroomSchema'

export type ClassroomValues = InferType<typeof classroomSchema>

interface Props {
  submitLabel: string
  defaultValues?: ClassroomValues
  /** What the code field's hint says, when not the default. */
  codeHint?: string
  onSubmit: (values: ClassroomValues) => Promise<void>
}

export function ClassroomForm({ submitLabel, defaultValues = { name: '', code: '' }, codeHint, onSubmit }: Props) {
  const { t } = useTranslation()
  const [error, setError] = useState<unknown>(null)
  const [saved, setSaved] = useState(false)
  const form = useForm<ClassroomValues>({ resolver: yupResolver(classroomSchema), mode: 'onTouched', defaultValues })

  async function submit(values: ClassroomValues) {
    setError(null)
    setSaved(false)
    try {
      await onSubmit(values)
      setSaved(true)
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <form onSubmit={form.handleSubmit(submit)} noValidate className="form" onChange={() => setSaved(false)}>
      {error !== null && <ErrorNotice error={error} />}
      <TextInput label={t('classrooms.form.name')} required {...fieldProps(form, 'name')} />
      <TextInput label={t('classrooms.form.code')} required autoComplete="off" hint={codeHint ?? t('classrooms.form.codeHint')} {...fieldProps(form, 'code')} />
      <SaveButton label={submitLabel} loading={form.formState.isSubmitting} success={saved} />
    </form>
  )
}

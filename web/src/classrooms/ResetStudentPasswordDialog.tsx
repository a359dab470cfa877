import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import type { InferType } from 'yup'
import type { Student } from '../api/types'
import { translateMessage } from '../i18n/messages'
import { fieldProps } from '../ui/fieldProps'
import { Modal } from '../ui/Modal'
import { ErrorNotice } from '../ui/Notice'
import { PasswordInput } from '../ui/PasswordInput'
import { ModalActions } from '../ui/ModalActions'
import en from '../i18n/locales/en.json'
import { resetStudentPassword } from './api/roster'
import { studentPasswordSchema } from './classroomSchema'

type Values = InferType<typeof studentPasswordSchema>

interface Props {
  classroomId: string | number
  student: Student
  username: string
  onDone: (message: string) => void
  onClose: () => void
}

/** Students cannot reset their own password; their teacher sets a new one here. */
export function ResetStudentPasswordDialog({ classroomId, student, username, onDone, onClose }: Props) {
  const { t } = useTranslation()
  const [error, setError] = useState<unknown>(null)
  const form = useForm<Values>({ resolver: yupResolver(studentPasswordSchema), mode: 'onTouched', defaultValues: { password: '' } })

  async function submit(values: Values) {
    setError(null)
    try {
      const answer = await resetStudentPassword(classroomId, student, values)
      onDone(`${answer?.message || translateMessage(en.messages.studentPasswordUpdated)} (${username})`)
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <Modal title={t('classrooms.resetPassword.title', { username })} size="small" onClose={onClose}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        {error !== null && <ErrorNotice error={error} />}
        <PasswordInput label={t('classrooms.resetPassword.newPassword')} autoComplete="new-password" required {...fieldProps(form, 'password')} />
        <ModalActions saveLabel={t('auth.reset.title')} saving={form.formState.isSubmitting} onCancel={onClose} />
      </form>
    </Modal>
  )
}

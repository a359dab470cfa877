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
import { SaveButton } from '../ui/SaveButton'
import { resetStudentPassword } from './api/classrooms'
import { STUDENT_PASSWORD_UPDATED, studentPasswordSchema } from './classroomSchema'

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
      onDone(`${answer?.message || translateMessage(STUDENT_PASSWORD_UPDATED)} (${username})`)
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <Modal title={t('classrooms.resetPassword.title', { username })} size="small" onClose={onClose}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        {error !== null && <ErrorNotice error={error} />}
        <PasswordInput label={t('classrooms.resetPassword.newPassword')} autoComplete="new-password" required {...fieldProps(form, 'password')} />
        <div className="form-actions modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SaveButton label={t('auth.reset.title')} loading={form.formState.isSubmitting} />
        </div>
      </form>
    </Modal>
  )
}

import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import type { InferType } from 'yup'
import { fieldProps } from '../ui/fieldProps'
import { Modal } from '../ui/Modal'
import { ErrorNotice } from '../ui/Notice'
import { PasswordInput } from '../ui/PasswordInput'
import { ModalActions } from '../ui/ModalActions'
import en from '../i18n/locales/en.json'
import { updateLocalLogin, type LoginModalProps, useLoginChange } from './api/providers'
import { updatePasswordSchema } from './accountSchemas'

type Values = InferType<typeof updatePasswordSchema>

export function UpdatePasswordModal({ user, onDone, onClose }: LoginModalProps) {
  const { t } = useTranslation()
  const { error, save } = useLoginChange(onDone, en.messages.passwordUpdated)
  const form = useForm<Values>({
    resolver: yupResolver(updatePasswordSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  })

  const submit = (values: Values) => save(() => updateLocalLogin(user, { password: values.password, currentPassword: values.currentPassword }))

  return (
    <Modal title={t('account.accounts.updatePassword')} onClose={onClose}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        {error !== null && <ErrorNotice error={error} />}
        <PasswordInput label={t('account.fields.currentPassword')} autoComplete="current-password" required {...fieldProps(form, 'currentPassword')} />
        <PasswordInput label={t('auth.fields.password')} autoComplete="new-password" required {...fieldProps(form, 'password')} />
        <PasswordInput label={t('auth.fields.confirmPassword')} autoComplete="new-password" required {...fieldProps(form, 'confirmPassword')} />
        <ModalActions saveLabel={t('account.accounts.updatePassword')} saving={form.formState.isSubmitting} onCancel={onClose} />
      </form>
    </Modal>
  )
}

import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import type { InferType } from 'yup'
import type { User } from '../api/types'
import { fieldProps } from '../ui/fieldProps'
import { Modal } from '../ui/Modal'
import { ErrorNotice } from '../ui/Notice'
import { PasswordInput } from '../ui/PasswordInput'
import { SaveButton } from '../ui/SaveButton'
import { updateLocalLogin, useLoginChange } from './api/providers'
import { PASSWORD_UPDATED, updatePasswordSchema } from './accountSchemas'

type Values = InferType<typeof updatePasswordSchema>

interface Props {
  user: User
  onDone: (user: User, message: string) => void
  onClose: () => void
}

export function UpdatePasswordModal({ user, onDone, onClose }: Props) {
  const { t } = useTranslation()
  const { error, save } = useLoginChange(onDone, PASSWORD_UPDATED)
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
        <div className="form-actions modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SaveButton label={t('account.accounts.updatePassword')} loading={form.formState.isSubmitting} />
        </div>
      </form>
    </Modal>
  )
}

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
import { TextInput } from '../ui/TextInput'
import { updateLocalLogin, useLoginChange } from './api/providers'
import { EMAIL_UPDATED, updateEmailSchema } from './accountSchemas'

type Values = InferType<typeof updateEmailSchema>

interface Props {
  user: User
  email: string
  onDone: (user: User, message: string) => void
  onClose: () => void
}

export function UpdateEmailModal({ user, email, onDone, onClose }: Props) {
  const { t } = useTranslation()
  const { error, save } = useLoginChange(onDone, EMAIL_UPDATED)
  const form = useForm<Values>({ resolver: yupResolver(updateEmailSchema), mode: 'onTouched', defaultValues: { email, currentPassword: '' } })

  const submit = (values: Values) => save(() => updateLocalLogin(user, { username: values.email, currentPassword: values.currentPassword }))

  return (
    <Modal title={t('account.accounts.updateEmail')} onClose={onClose}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        {error !== null && <ErrorNotice error={error} />}
        <TextInput label={t('auth.fields.email')} type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
        <PasswordInput label={t('account.fields.currentPassword')} autoComplete="current-password" required {...fieldProps(form, 'currentPassword')} />
        <div className="form-actions modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <SaveButton label={t('account.accounts.updateEmail')} loading={form.formState.isSubmitting} />
        </div>
      </form>
    </Modal>
  )
}

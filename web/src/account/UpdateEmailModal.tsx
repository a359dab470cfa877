import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import type { InferType } from 'yup'
import { fieldProps } from '../ui/fieldProps'
import { Modal } from '../ui/Modal'
import { ErrorNotice } from '../ui/Notice'
import { PasswordInput } from '../ui/PasswordInput'
import { ModalActions } from '../ui/ModalActions'
import { TextInput } from '../ui/TextInput'
import en from '../i18n/locales/en.json'
import { updateLocalLogin, type LoginModalProps, useLoginChange } from './api/providers'
import { updateEmailSchema } from './accountSchemas'

type Values = InferType<typeof updateEmailSchema>

interface Props extends LoginModalProps {
  /** The account's current email, the field's first value. */
  email: string
}

export function UpdateEmailModal({ user, email, onDone, onClose }: Props) {
  const { t } = useTranslation()
  const { error, save } = useLoginChange(onDone, en.messages.emailUpdated)
  const form = useForm<Values>({ resolver: yupResolver(updateEmailSchema), mode: 'onTouched', defaultValues: { email, currentPassword: '' } })

  const submit = (values: Values) => save(() => updateLocalLogin(user, { username: values.email, currentPassword: values.currentPassword }))

  return (
    <Modal title={t('account.accounts.updateEmail')} onClose={onClose}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        {error !== null && <ErrorNotice error={error} />}
        <TextInput label={t('auth.fields.email')} type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
        <PasswordInput label={t('account.fields.currentPassword')} autoComplete="current-password" required {...fieldProps(form, 'currentPassword')} />
        <ModalActions saveLabel={t('account.accounts.updateEmail')} saving={form.formState.isSubmitting} onCancel={onClose} />
      </form>
    </Modal>
  )
}

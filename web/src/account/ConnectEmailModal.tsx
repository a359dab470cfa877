import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import type { InferType } from 'yup'
import { translateMessage } from '../i18n/messages'
import { fieldProps } from '../ui/fieldProps'
import { Modal } from '../ui/Modal'
import { ErrorNotice } from '../ui/Notice'
import { PasswordInput } from '../ui/PasswordInput'
import { ModalActions } from '../ui/ModalActions'
import { TextInput } from '../ui/TextInput'
import en from '../i18n/locales/en.json'
import { addLocalLogin, type LoginModalProps, useLoginChange } from './api/providers'
import { connectEmailSchema } from './accountSchemas'

type Values = InferType<typeof connectEmailSchema>

/** Adds an email and password login to a social-only account. */
export function ConnectEmailModal({ user, onDone, onClose }: LoginModalProps) {
  const prefill = user.meta?.oauthEmail ?? ''
  const { t } = useTranslation()
  const { error, save } = useLoginChange(onDone, en.messages.emailAdded)
  const form = useForm<Values>({
    resolver: yupResolver(connectEmailSchema),
    mode: 'onTouched',
    defaultValues: { email: prefill, password: '', confirmPassword: '' },
  })

  const submit = (values: Values) => save(() => addLocalLogin(user, { username: values.email, password: values.password }))

  return (
    <Modal title={t('account.accounts.connectEmail')} onClose={onClose}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        <p>{t('account.accounts.connectEmailText')}</p>
        {error !== null && <ErrorNotice error={error} />}
        <TextInput
          label={t('auth.fields.email')}
          type="email"
          autoComplete="email"
          required
          hint={prefill ? translateMessage(en.messages.emailCopied) : undefined}
          {...fieldProps(form, 'email')}
        />
        <PasswordInput label={t('auth.fields.password')} autoComplete="new-password" required {...fieldProps(form, 'password')} />
        <PasswordInput label={t('auth.fields.confirmPassword')} autoComplete="new-password" required {...fieldProps(form, 'confirmPassword')} />
        <ModalActions saveLabel={t('account.accounts.updateEmail')} saving={form.formState.isSubmitting} onCancel={onClose} />
      </form>
    </Modal>
  )
}

import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import type { InferType } from 'yup'
import type { User } from '../api/types'
import { translateMessage } from '../i18n/messages'
import { fieldProps } from '../ui/fieldProps'
import { Modal } from '../ui/Modal'
import { ErrorNotice } from '../ui/Notice'
import { PasswordInput } from '../ui/PasswordInput'
import { SaveButton } from '../ui/SaveButton'
import { TextInput } from '../ui/TextInput'
import { addLocalLogin, useLoginChange } from './api/providers'
import { connectEmailSchema, EMAIL_ADDED, EMAIL_COPIED } from './accountSchemas'

type Values = InferType<typeof connectEmailSchema>

interface Props {
  user: User
  onDone: (user: User, message: string) => void
  onClose: () => void
}

/** Adds an email and password login to a social-only account. */
export function ConnectEmailModal({ user, onDone, onClose }: Props) {
  const prefill = user.meta?.oauthEmail ?? ''
  const { t } = useTranslation()
  const { error, save } = useLoginChange(onDone, EMAIL_ADDED)
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
          hint={prefill ? translateMessage(EMAIL_COPIED) : undefined}
          {...fieldProps(form, 'email')}
        />
        <PasswordInput label={t('auth.fields.password')} autoComplete="new-password" required {...fieldProps(form, 'password')} />
        <PasswordInput label={t('auth.fields.confirmPassword')} autoComplete="new-password" required {...fieldProps(form, 'confirmPassword')} />
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

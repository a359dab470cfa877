import { yupResolver } from '@hookform/resolvers/yup'
import { useForm } from 'react-hook-form'
import type { InferType } from 'yup'
import type { User } from '../api/types'
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
  const { error, save } = useLoginChange(onDone, EMAIL_ADDED)
  const form = useForm<Values>({
    resolver: yupResolver(connectEmailSchema),
    mode: 'onTouched',
    defaultValues: { email: prefill, password: '', confirmPassword: '' },
  })

  const submit = (values: Values) => save(() => addLocalLogin(user, { username: values.email, password: values.password }))

  return (
    <Modal title="Connect Email Account" onClose={onClose}>
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        <p>Connecting an email account lets you log in with your email and password as well as with your social media account.</p>
        {error !== null && <ErrorNotice error={error} />}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          hint={prefill ? EMAIL_COPIED : undefined}
          {...fieldProps(form, 'email')}
        />
        <PasswordInput label="Password" autoComplete="new-password" required {...fieldProps(form, 'password')} />
        <PasswordInput label="Confirm Password" autoComplete="new-password" required {...fieldProps(form, 'confirmPassword')} />
        <div className="form-actions modal-actions">
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
          <SaveButton label="Update Email" loading={form.formState.isSubmitting} />
        </div>
      </form>
    </Modal>
  )
}

import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import type { InferType } from 'yup'
import type { User } from '../api/types'
import { fieldProps } from '../ui/fieldProps'
import { ErrorNotice } from '../ui/Notice'
import { PasswordInput } from '../ui/PasswordInput'
import { SaveButton } from '../ui/SaveButton'
import { TextInput } from '../ui/TextInput'
import { signUpEducator } from './api/session'
import { educatorSignupSchema } from './signupSchemas'
import { SocialButtons } from './SocialButtons'

type Values = InferType<typeof educatorSignupSchema>

export function EducatorSignupForm({ onSignedUp }: { onSignedUp: (user: User) => void }) {
  const { t } = useTranslation()
  const [error, setError] = useState<unknown>(null)
  const form = useForm<Values>({
    resolver: yupResolver(educatorSignupSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  })

  async function submit(values: Values) {
    setError(null)
    try {
      const answer = await signUpEducator(values.email, values.password)
      onSignedUp(answer.user)
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <>
      {error !== null && <ErrorNotice error={error} />}
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        <TextInput label={t('auth.fields.email')} type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
        <PasswordInput label={t('auth.fields.password')} autoComplete="new-password" required {...fieldProps(form, 'password')} />
        <SaveButton label={t('auth.signup.submit')} loading={form.formState.isSubmitting} />
      </form>
      <p className="divider">
        <span>{t('auth.login.or')}</span>
      </p>
      <SocialButtons verb="Sign Up" redirect="/user/profile" />
    </>
  )
}

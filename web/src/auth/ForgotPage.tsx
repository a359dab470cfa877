import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import { Link } from 'react-router-dom'
import type { InferType } from 'yup'
import { fieldProps } from '../ui/fieldProps'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { SaveButton } from '../ui/SaveButton'
import { TextInput } from '../ui/TextInput'
import en from '../i18n/locales/en.json'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { requestPasswordReset } from './api/session'
import { forgotSchema } from './passwordSchemas'

type Values = InferType<typeof forgotSchema>

export const RESET_REQUESTED = en.messages.resetRequested

export function ForgotPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.forgot.title'))
  const [sent, setSent] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const form = useForm<Values>({ resolver: yupResolver(forgotSchema), mode: 'onTouched', defaultValues: { email: '' } })

  async function submit(values: Values) {
    setError(null)
    setSent(null)
    try {
      const answer = await requestPasswordReset(values.email)
      setSent(answer?.message || RESET_REQUESTED)
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <section className="auth-panel auth-panel-narrow">
      <h1>{t('auth.forgot.title')}</h1>
      <p>{t('auth.forgot.intro')}</p>
      <p className="forgot-student">{t('auth.forgot.student')}</p>
      {sent && <SuccessNotice>{sent}</SuccessNotice>}
      {error !== null && <ErrorNotice error={error} />}
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        <TextInput label={t('auth.fields.email')} type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
        <SaveButton label={t('auth.forgot.submit')} loading={form.formState.isSubmitting} />
      </form>
      <p className="auth-links">
        <Link to="/reset">{t('auth.forgot.haveToken')}</Link>
        <Link to="/login">{t('auth.forgot.backToLogin')}</Link>
      </p>
    </section>
  )
}

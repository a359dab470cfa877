import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router-dom'
import type { InferType } from 'yup'
import { api } from '../api/client'
import { fieldProps } from '../ui/fieldProps'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { SaveButton } from '../ui/SaveButton'
import { TextInput } from '../ui/TextInput'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { forgotSchema } from './passwordSchemas'

type Values = InferType<typeof forgotSchema>

export const RESET_REQUESTED = 'If an account uses that email, we have sent it a link to reset the password.'

export function ForgotPage() {
  useDocumentTitle('Forgot Password')
  const [sent, setSent] = useState<string | null>(null)
  const [error, setError] = useState<unknown>(null)
  const form = useForm<Values>({ resolver: yupResolver(forgotSchema), mode: 'onTouched', defaultValues: { email: '' } })

  async function submit(values: Values) {
    setError(null)
    setSent(null)
    try {
      const answer = await api.post<{ message?: string }>('/api/password/request', { username: values.email })
      setSent(answer?.message || RESET_REQUESTED)
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <section className="auth-panel auth-panel-narrow">
      <h1>Forgot Password</h1>
      <p>Enter the email of your account and we will send you a link to choose a new password.</p>
      {sent && <SuccessNotice>{sent}</SuccessNotice>}
      {error !== null && <ErrorNotice error={error} />}
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        <TextInput label="Email" type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
        <SaveButton label="Send Reset Link" loading={form.formState.isSubmitting} />
      </form>
      <p className="auth-links">
        <Link to="/reset">Already have a reset token? Enter it here.</Link>
        <Link to="/login">Back to log in</Link>
      </p>
    </section>
  )
}

import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import type { InferType } from 'yup'
import { useSession } from '../session/useSession'
import { fieldProps } from '../ui/fieldProps'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { PasswordInput } from '../ui/PasswordInput'
import { SaveButton } from '../ui/SaveButton'
import { TextInput } from '../ui/TextInput'
import { PRODUCT_NAME, useDocumentTitle } from '../ui/useDocumentTitle'
import { resetPassword } from './api/session'
import { PASSWORD_RESET_DONE, resetPasswordSchema, resetTokenSchema } from './passwordSchemas'

function TokenForm() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const form = useForm<InferType<typeof resetTokenSchema>>({
    resolver: yupResolver(resetTokenSchema),
    mode: 'onTouched',
    defaultValues: { token: '' },
  })
  return (
    <form onSubmit={form.handleSubmit(({ token }) => navigate(`/reset?token=${encodeURIComponent(token)}`))} noValidate className="form">
      <p>{t('auth.reset.tokenIntro')}</p>
      <TextInput label={t('auth.reset.token')} autoComplete="one-time-code" required {...fieldProps(form, 'token')} />
      <button type="submit" className="button button-primary">
        {t('auth.reset.continue')}
      </button>
    </form>
  )
}

type PasswordValues = InferType<typeof resetPasswordSchema>

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation()
  const { setUser } = useSession()
  const [done, setDone] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const form = useForm<PasswordValues>({
    resolver: yupResolver(resetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  })

  async function submit(values: PasswordValues) {
    setError(null)
    try {
      const answer = await resetPassword(token, values.password)
      setUser(answer.user)
      setDone(true)
    } catch (failure) {
      setError(failure)
    }
  }

  if (done) {
    return (
      <>
        <SuccessNotice>{PASSWORD_RESET_DONE}</SuccessNotice>
        <p>
          <Link to="/" className="button button-primary">
            {t('auth.reset.continueTo', { product: PRODUCT_NAME })}
          </Link>
        </p>
      </>
    )
  }

  return (
    <>
      {error !== null && <ErrorNotice error={error} />}
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        <PasswordInput label={t('auth.fields.password')} autoComplete="new-password" required {...fieldProps(form, 'password')} />
        <PasswordInput label={t('auth.fields.confirmPassword')} autoComplete="new-password" required {...fieldProps(form, 'confirmPassword')} />
        <SaveButton label={t('auth.reset.title')} loading={form.formState.isSubmitting} />
      </form>
    </>
  )
}

export function ResetPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.reset.title'))
  const [params] = useSearchParams()
  const token = params.get('token')
  return (
    <section className="auth-panel auth-panel-narrow">
      <h1>{t('auth.reset.title')}</h1>
      {token ? <NewPasswordForm key={token} token={token} /> : <TokenForm />}
      <p className="auth-links">
        <Link to="/forgot">{t('auth.reset.requestNew')}</Link>
      </p>
    </section>
  )
}

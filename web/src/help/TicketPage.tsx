import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from '../i18n/useTranslation'
import { useSearchParams } from 'react-router-dom'
import type { InferType } from 'yup'
import { useSession } from '../session/useSession'
import { fieldProps } from '../ui/fieldProps'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { SaveButton } from '../ui/SaveButton'
import { TextArea } from '../ui/TextArea'
import { TextInput } from '../ui/TextInput'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { sendTicket } from './api/tickets'
import { TICKET_SENT, ticketSchema, ticketType, type TicketType } from './ticketSchema'

type Values = InferType<typeof ticketSchema>

/** /ticket?type=…, /contact, /help/ticket and /help/independent-student: POST /api/tickets. */
export function TicketPage({ type: fixedType }: { type?: TicketType }) {
  const [params] = useSearchParams()
  const type = fixedType ?? ticketType(params.get('type'))
  const { t } = useTranslation()
  const heading = t(`help.ticket.types.${type}.heading`)
  useDocumentTitle(heading)
  const { user } = useSession()
  const [sent, setSent] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const attributes = user?.attributes
  const form = useForm<Values>({
    resolver: yupResolver(ticketSchema),
    mode: 'onTouched',
    defaultValues: {
      name: [attributes?.firstName, attributes?.lastName].filter(Boolean).join(' '),
      email: user?.email ?? '',
      subject: '',
      message: '',
    },
  })

  async function submit(values: Values) {
    setError(null)
    try {
      await sendTicket(type, values)
      setSent(true)
      form.reset({ ...values, subject: '', message: '' })
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <section className="auth-panel auth-panel-narrow">
      <h1>{heading}</h1>
      <p>{t(`help.ticket.types.${type}.intro`)}</p>
      {sent && <SuccessNotice>{TICKET_SENT}</SuccessNotice>}
      {error !== null && <ErrorNotice error={error} />}
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        <TextInput label={t('help.ticket.name')} autoComplete="name" required {...fieldProps(form, 'name')} />
        <TextInput label={t('auth.fields.email')} type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
        <TextInput label={t('help.ticket.subject')} required {...fieldProps(form, 'subject')} />
        <TextArea label={t('help.ticket.message')} required {...fieldProps(form, 'message')} />
        <SaveButton label={t('help.ticket.send')} loading={form.formState.isSubmitting} />
      </form>
    </section>
  )
}

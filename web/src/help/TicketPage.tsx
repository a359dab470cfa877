import { yupResolver } from '@hookform/resolvers/yup'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useSearchParams } from 'react-router-dom'
import type { InferType } from 'yup'
import { api } from '../api/client'
import { useSession } from '../session/useSession'
import { fieldProps } from '../ui/fieldProps'
import { ErrorNotice, SuccessNotice } from '../ui/Notice'
import { SaveButton } from '../ui/SaveButton'
import { TextArea } from '../ui/TextArea'
import { TextInput } from '../ui/TextInput'
import { useDocumentTitle } from '../ui/useDocumentTitle'
import { TICKET_SENT, TICKET_TYPES, ticketSchema, ticketType, type TicketType } from './ticketSchema'

type Values = InferType<typeof ticketSchema>

/** /ticket?type=…, /contact, /help/ticket and /help/independent-student: POST /api/tickets. */
export function TicketPage({ type: fixedType }: { type?: TicketType }) {
  const [params] = useSearchParams()
  const type = fixedType ?? ticketType(params.get('type'))
  const { heading, intro } = TICKET_TYPES[type]
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
      await api.post('/api/tickets', { ...values, type })
      setSent(true)
      form.reset({ ...values, subject: '', message: '' })
    } catch (failure) {
      setError(failure)
    }
  }

  return (
    <section className="auth-panel auth-panel-narrow">
      <h1>{heading}</h1>
      <p>{intro}</p>
      {sent && <SuccessNotice>{TICKET_SENT}</SuccessNotice>}
      {error !== null && <ErrorNotice error={error} />}
      <form onSubmit={form.handleSubmit(submit)} noValidate className="form">
        <TextInput label="Name" autoComplete="name" required {...fieldProps(form, 'name')} />
        <TextInput label="Email" type="email" autoComplete="email" required {...fieldProps(form, 'email')} />
        <TextInput label="Subject" required {...fieldProps(form, 'subject')} />
        <TextArea label="Message" required {...fieldProps(form, 'message')} />
        <SaveButton label="Send" loading={form.formState.isSubmitting} />
      </form>
    </section>
  )
}

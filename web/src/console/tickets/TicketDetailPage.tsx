import { useTranslation } from '../../i18n/useTranslation'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { useSession } from '../../session/useSession'
import { Loading } from '../../ui/Loading'
import { SuccessNotice } from '../../ui/Notice'
import { useDocumentTitle } from '../../ui/useDocumentTitle'
import { updateDoc, useRevalidateCollection } from '../api/consoleApi'
import { ConsoleError } from '../ConsoleError'
import { ConsoleNotFound } from '../ConsoleNotFound'
import { TICKET_CLOSED, TICKET_REOPENED } from '../consoleMessages'
import { can } from '../consoleScopes'
import { formatDate, type TicketDoc, type TicketStatus } from '../api/consoleTypes'
import { TICKET_TYPE_LABELS } from './ticketLabels'
import { useConsoleDoc } from '../api/useConsoleDoc'

/** /console/tickets/:ticketId: read a ticket; tickets:write holders close or reopen it. */
export function TicketDetailPage() {
  const { t } = useTranslation()
  const { user } = useSession()
  const revalidate = useRevalidateCollection()
  const { doc: ticket, error, isLoading, missing, mutate } = useConsoleDoc<TicketDoc>('tickets', 'ticketId', 0)
  const [busy, setBusy] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const [failure, setFailure] = useState<unknown>(null)
  useDocumentTitle(ticket ? ticket.subject : t('console.tickets.ticket'))
  if (missing) return <ConsoleNotFound />
  if (isLoading) return <Loading />
  if (!ticket) return error ? <ConsoleError error={error} /> : null

  async function setStatus(status: TicketStatus) {
    if (!ticket) return
    setBusy(true)
    setNotice(null)
    setFailure(null)
    try {
      const answer = await updateDoc<TicketDoc>('tickets', ticket.id, { status })
      await mutate(answer.doc, { revalidate: false })
      await revalidate('tickets')
      setNotice(status === 'closed' ? TICKET_CLOSED : TICKET_REOPENED)
    } catch (problem) {
      setFailure(problem)
    } finally {
      setBusy(false)
    }
  }

  const open = ticket.status === 'open'
  return (
    <>
      <p>
        <Link to="/console/tickets">{t('console.tickets.allTickets')}</Link>
      </p>
      <h1>{ticket.subject}</h1>
      {notice && <SuccessNotice>{notice}</SuccessNotice>}
      {failure !== null && <ConsoleError error={failure} />}
      <dl className="read-only-fields">
        <div>
          <dt>{t('console.columns.status')}</dt>
          <dd>{ticket.status}</dd>
        </div>
        <div>
          <dt>{t('console.columns.type')}</dt>
          <dd>{TICKET_TYPE_LABELS[ticket.type] ? t(TICKET_TYPE_LABELS[ticket.type]) : ticket.type}</dd>
        </div>
        <div>
          <dt>{t('console.columns.from')}</dt>
          <dd>{ticket.name}</dd>
        </div>
        <div>
          <dt>{t('console.columns.email')}</dt>
          <dd>
            <a href={`mailto:${ticket.email}?subject=${encodeURIComponent(`Re: ${ticket.subject}`)}`}>{ticket.email}</a>
          </dd>
        </div>
        <div>
          <dt>{t('console.columns.received')}</dt>
          <dd>{formatDate(ticket.createdAt)}</dd>
        </div>
      </dl>
      <h2>{t('console.tickets.message')}</h2>
      <p className="ticket-message">{ticket.message}</p>
      {can(user, 'tickets', 'write') && (
        <div className="form-actions">
          <button type="button" className="button button-primary" disabled={busy} onClick={() => void setStatus(open ? 'closed' : 'open')}>
            {t(open ? 'console.tickets.close' : 'console.tickets.reopen')}
          </button>
        </div>
      )}
    </>
  )
}

import { i18n } from '../../i18n/i18n'
import { useTranslation } from '../../i18n/useTranslation'
import { useId } from 'react'
import { Link } from 'react-router-dom'
import { ConsoleList, type Column } from '../ConsoleList'
import { formatDate, type TicketDoc } from '../api/consoleTypes'
import { TICKET_TYPE_LABELS } from './ticketLabels'
import { useListParams } from '../useListParams'

const columns: Column<TicketDoc>[] = [
  { header: 'console.columns.subject', cell: (ticket) => <Link to={`/console/tickets/${ticket.id}`}>{ticket.subject}</Link> },
  { header: 'console.columns.type', cell: (ticket) => (TICKET_TYPE_LABELS[ticket.type] ? i18n.t(TICKET_TYPE_LABELS[ticket.type]) : ticket.type) },
  { header: 'console.columns.from', cell: (ticket) => `${ticket.name} <${ticket.email}>` },
  { header: 'console.columns.status', cell: (ticket) => ticket.status },
  { header: 'console.columns.received', cell: (ticket) => formatDate(ticket.createdAt) },
]

const SORTS = [
  { value: '-createdAt', label: 'console.sort.newest' },
  { value: 'createdAt', label: 'console.sort.oldest' },
  { value: 'subject', label: 'console.columns.subject' },
]

const STATUSES = [
  { value: 'open', label: 'console.tickets.open' },
  { value: 'closed', label: 'console.tickets.closed' },
  { value: 'all', label: 'console.tickets.all' },
]

/** /console/tickets, for tickets:read and tickets:write holders; open tickets first. */
export function TicketsPage() {
  const { t } = useTranslation()
  const id = useId()
  const list = useListParams('-createdAt')
  const status = list.params.get('status') ?? 'open'
  const filter = (
    <div className="console-sort">
      <label htmlFor={`${id}-status`}>{t('console.columns.status')}</label>
      <select
        id={`${id}-status`}
        className="input select"
        value={status}
        onChange={(event) => list.update({ status: event.target.value === 'open' ? null : event.target.value })}
      >
        {STATUSES.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.label)}
          </option>
        ))}
      </select>
    </div>
  )
  return (
    <ConsoleList<TicketDoc>
      collection="tickets"
      columns={columns}
      sortOptions={SORTS}
      search={(q) => [
        ['where[or][0][subject][like]', q],
        ['where[or][1][email][like]', q],
        ['where[or][2][name][like]', q],
      ]}
      params={status === 'all' ? [] : [['where[status][equals]', status]]}
      filters={filter}
      emptyText={t(status === 'all' ? 'console.tickets.none' : status === 'closed' ? 'console.tickets.noneClosed' : 'console.tickets.noneOpen')}
    />
  )
}

import { useId } from 'react'
import { Link } from 'react-router-dom'
import { ConsoleList, type Column } from './ConsoleList'
import { formatDate, type TicketDoc } from './consoleTypes'
import { TICKET_TYPE_LABELS } from './ticketLabels'
import { useListParams } from './useListParams'

const columns: Column<TicketDoc>[] = [
  { header: 'Subject', cell: (ticket) => <Link to={`/console/tickets/${ticket.id}`}>{ticket.subject}</Link> },
  { header: 'Type', cell: (ticket) => TICKET_TYPE_LABELS[ticket.type] ?? ticket.type },
  { header: 'From', cell: (ticket) => `${ticket.name} <${ticket.email}>` },
  { header: 'Status', cell: (ticket) => ticket.status },
  { header: 'Received', cell: (ticket) => formatDate(ticket.createdAt) },
]

const SORTS = [
  { value: '-createdAt', label: 'Newest' },
  { value: 'createdAt', label: 'Oldest' },
  { value: 'subject', label: 'Subject' },
]

const STATUSES = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
]

/** /console/tickets, for tickets:read and tickets:write holders; open tickets first. */
export function TicketsPage() {
  const id = useId()
  const list = useListParams('-createdAt')
  const status = list.params.get('status') ?? 'open'
  const filter = (
    <div className="console-sort">
      <label htmlFor={`${id}-status`}>Status</label>
      <select id={`${id}-status`} className="input select" value={status} onChange={(event) => list.update({ status: event.target.value === 'open' ? null : event.target.value })}>
        {STATUSES.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
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
      emptyText={status === 'all' ? 'No tickets.' : `No ${status} tickets.`}
    />
  )
}

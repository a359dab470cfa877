import type { TicketDoc } from '../api/consoleTypes'

/** Catalogue keys of the ticket kinds' names. */
export const TICKET_TYPE_LABELS: Record<TicketDoc['type'], string> = {
  contact: 'console.tickets.types.contact',
  help: 'console.tickets.types.help',
  'independent-student': 'console.tickets.types.independent',
}

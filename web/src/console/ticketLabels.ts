import type { TicketDoc } from './consoleTypes'

export const TICKET_TYPE_LABELS: Record<TicketDoc['type'], string> = {
  contact: 'Contact',
  help: 'Help',
  'independent-student': 'Independent student',
}

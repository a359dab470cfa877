import { object, string } from 'yup'
import en from '../i18n/locales/en.json'
import enScreens from '../i18n/locales/en.screens.json'
import { EMAIL_REQUIRED } from '../ui/messages'

// The spec does not show the ticket form; these messages follow its wording style.
export const NAME_REQUIRED = en.messages.nameRequired
export const SUBJECT_REQUIRED = en.messages.subjectRequired
export const MESSAGE_REQUIRED = en.messages.messageRequired
export const TICKET_SENT = en.messages.ticketSent

/** Each kind's heading and introduction are under `help.ticket.types.<kind>` in the catalogues. */
export const TICKET_TYPES = enScreens.help.ticket.types
export type TicketType = keyof typeof TICKET_TYPES

export function ticketType(value: string | null | undefined): TicketType {
  return value && value in TICKET_TYPES ? (value as TicketType) : 'contact'
}

export const ticketSchema = object({
  name: string().trim().required(NAME_REQUIRED),
  email: string().trim().required(EMAIL_REQUIRED),
  subject: string().trim().required(SUBJECT_REQUIRED),
  message: string().trim().required(MESSAGE_REQUIRED),
})

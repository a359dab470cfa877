import { object, string } from 'yup'
import { EMAIL_REQUIRED } from '../ui/messages'

// The spec does not show the ticket form; these messages follow its wording style.
export const NAME_REQUIRED = 'Name is required.'
export const SUBJECT_REQUIRED = 'Subject is required.'
export const MESSAGE_REQUIRED = 'Message is required.'
export const TICKET_SENT = 'Thank you! Your message has been sent.'

export const TICKET_TYPES = {
  contact: { heading: 'Contact Us', intro: 'Questions, ideas or feedback? Send us a message.' },
  help: { heading: 'Get Help', intro: 'Tell us what went wrong and we will help you out.' },
  'independent-student': {
    heading: 'Independent Students',
    intro: 'Learning without a classroom? Tell us about yourself and we will help you get started.',
  },
} as const
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

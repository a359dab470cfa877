import type { InferType } from 'yup'
import { api } from '../../api/client'
import type { ticketSchema, TicketType } from '../ticketSchema'

/** A help request; nothing the sender has cached lists tickets. */
export const sendTicket = (type: TicketType, values: InferType<typeof ticketSchema>) => api.post('/api/tickets', { ...values, type })

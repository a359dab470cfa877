import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { mockFetch, renderApp, typeInto } from '../test/render'
import { EMAIL_REQUIRED } from '../ui/messages'
import { MESSAGE_REQUIRED, NAME_REQUIRED, SUBJECT_REQUIRED, TICKET_SENT } from './ticketSchema'
import { TicketPage } from './TicketPage'

describe('ticket form', () => {
  it('validates, then sends a contact ticket from /ticket?type=contact', async () => {
    const user = userEvent.setup()
    const { find } = mockFetch(() => ({ status: 201, body: { doc: { id: 1 } } }))
    renderApp(<TicketPage />, { route: '/ticket?type=contact', path: '/ticket' })
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send' }))
    for (const message of [NAME_REQUIRED, EMAIL_REQUIRED, SUBJECT_REQUIRED, MESSAGE_REQUIRED]) {
      expect(await screen.findByText(message)).toBeInTheDocument()
    }
    await typeInto(user, { Name: 'Ada', Email: 'ada@example.org', Subject: 'Hello', Message: 'A question' })
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText(TICKET_SENT)).toBeInTheDocument()
    expect(find('POST', '/api/tickets')[0].body).toEqual({ name: 'Ada', email: 'ada@example.org', subject: 'Hello', message: 'A question', type: 'contact' })
  })

  it('uses the fixed type of /help/independent-student', () => {
    renderApp(<TicketPage type="independent-student" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Independent Students' })).toBeInTheDocument()
  })
})

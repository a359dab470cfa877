import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { TICKET_CLOSED } from '../consoleMessages'
import { consoleServer, list, renderConsole, staff } from '../consoleTestServer'

const ticket = {
  id: 11,
  type: 'contact',
  name: 'Vi Sitor',
  email: 'vi@example.org',
  subject: 'Hello',
  message: 'Line one\nLine two',
  status: 'open',
  createdAt: '2026-01-02T10:00:00.000Z',
}

describe('tickets', () => {
  it('lists open tickets first and filters by status', async () => {
    const user = userEvent.setup()
    const { find } = consoleServer(({ method, url }) => (method === 'GET' && url.startsWith('/api/tickets?') ? list([ticket]) : undefined))
    renderConsole('/console/tickets', staff(['tickets:read']))
    expect(await screen.findByRole('link', { name: 'Hello' })).toHaveAttribute('href', '/console/tickets/11')
    expect(find('GET', /^\/api\/tickets\?/)[0].url).toMatch(/where%5Bstatus%5D%5Bequals%5D=open/)
    expect(find('GET', /^\/api\/tickets\?/)[0].url).toMatch(/sort=-createdAt/)
    await user.selectOptions(screen.getByLabelText('Status'), 'closed')
    await waitFor(() => expect(find('GET', /where%5Bstatus%5D%5Bequals%5D=closed/)).not.toHaveLength(0))
  })

  it('reads a ticket and closes it with tickets:write only', async () => {
    const user = userEvent.setup()
    let stored = ticket
    const { find } = consoleServer(({ method, url, body }) => {
      if (method === 'GET' && url.startsWith('/api/tickets/11')) return { body: stored }
      if (method === 'PATCH' && url === '/api/tickets/11') {
        stored = { ...stored, ...(body as object) }
        return { body: { doc: stored } }
      }
      return undefined
    })
    const { unmount } = renderConsole('/console/tickets/11', staff(['tickets:read']))
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Close Ticket' })).toBeNull()
    unmount()
    renderConsole('/console/tickets/11', staff(['tickets:read', 'tickets:write']))
    await user.click(await screen.findByRole('button', { name: 'Close Ticket' }))
    expect(await screen.findByText(TICKET_CLOSED)).toBeInTheDocument()
    expect(find('PATCH', '/api/tickets/11')[0].body).toEqual({ status: 'closed' })
    expect(screen.getByRole('button', { name: 'Reopen Ticket' })).toBeInTheDocument()
  })
})

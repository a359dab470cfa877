import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { currentLocation } from '../test/render'
import { consoleServer, renderConsole, staff } from './consoleTestServer'

const page = { id: 4, slug: 'about', title: 'About', content: { markdown: 'Hi', html: '<p>Hi</p>', template: 'default' } }

function server() {
  return consoleServer(({ method, url }) => {
    if (method === 'GET' && url.startsWith('/api/pages/4')) return { body: page }
    if (method === 'DELETE' && url === '/api/pages/4') return { body: { doc: page, message: 'Deleted.' } }
    return undefined
  })
}

describe('delete', () => {
  it('is not offered without the :delete scope', async () => {
    server()
    renderConsole('/console/pages/4', staff(['pages:write']))
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Page' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Save Page' })).toBeEnabled()
  })

  it('asks for confirmation in a dialog, then deletes with the :delete scope', async () => {
    const user = userEvent.setup()
    const { find } = server()
    renderConsole('/console/pages/4', staff(['pages:write', 'pages:delete']))
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    const dialog = screen.getByRole('dialog', { name: 'Delete?' })
    expect(dialog).toHaveTextContent('Delete the page “About”? This cannot be undone.')
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(find('DELETE', '/api/pages/4')).toHaveLength(0)
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    const confirm = screen.getAllByRole('button', { name: 'Delete' }).at(-1) as HTMLElement
    await user.click(confirm)
    await waitFor(() => expect(currentLocation()).toBe('/console/pages'))
    expect(find('DELETE', '/api/pages/4')).toHaveLength(1)
  })

  it('disables the form for a holder of only the :delete scope', async () => {
    server()
    renderConsole('/console/pages/4', staff(['pages:delete']))
    expect(await screen.findByRole('button', { name: 'Delete' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Save Page' })).toBeDisabled()
  })
})

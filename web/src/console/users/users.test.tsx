import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { USER_UPDATED } from '../consoleMessages'
import { consoleServer, list, renderConsole, staff } from '../consoleTestServer'
import { OWN_SCOPES_LOCKED } from './UserDetailPage'

const other = {
  id: 7,
  email: 'ada@example.org',
  username: null,
  scopes: [],
  attributes: { type: 'teacher', firstName: 'Ada', lastName: 'Lovelace' },
  displayName: 'Ada Lovelace',
}

describe('users', () => {
  it('searches by email, username or last name', async () => {
    const user = userEvent.setup()
    const { find } = consoleServer(({ method, url }) => (method === 'GET' && url.startsWith('/api/users?') ? list([other]) : undefined))
    renderConsole('/console/users', staff(['users:read']))
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/console/users/7')
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'love')
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(find('GET', /where%5Bor%5D%5B2%5D%5Battributes.lastName%5D%5Blike%5D=love/)).toHaveLength(1))
  })

  it('lets a users:write holder change scopes of another user, not their own', async () => {
    const user = userEvent.setup()
    const me = staff(['users:read', 'users:write'])
    const { find } = consoleServer(({ method, url, body }) => {
      if (method === 'GET' && url.startsWith('/api/users/7')) return { body: other }
      if (method === 'PATCH' && url === '/api/users/7') return { body: { doc: { ...other, ...(body as object) } } }
      if (method === 'GET' && url.startsWith('/api/users/3')) return { body: me }
      return undefined
    })
    const { unmount } = renderConsole('/console/users/7', me)
    await user.click(await screen.findByRole('checkbox', { name: 'pages:write' }))
    await user.click(screen.getByRole('button', { name: 'Save Scopes' }))
    expect(await screen.findByText(USER_UPDATED)).toBeInTheDocument()
    expect(find('PATCH', '/api/users/7')[0].body).toEqual({ scopes: ['pages:write'] })
    unmount()
    renderConsole('/console/users/3', me)
    expect(await screen.findByText(OWN_SCOPES_LOCKED)).toBeInTheDocument()
    expect(screen.getByRole('checkbox', { name: 'users:write' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: 'Save Scopes' })).toBeNull()
  })

  it('is Not Found without a users scope', () => {
    consoleServer()
    renderConsole('/console/users', staff(['pages:write']))
    expect(screen.getByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument()
  })
})

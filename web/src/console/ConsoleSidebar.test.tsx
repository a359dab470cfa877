import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi, beforeEach } from 'vitest'
import { App } from '../shell/App'
import { currentLocation, renderApp } from '../test/render'
import { consoleServer, list, renderConsole, staff } from './consoleTestServer'

function sidebarLinks(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Console' })
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '')
}

describe('console sidebar', () => {
  beforeEach(() => {
    consoleServer(({ url }) => (url.startsWith('/api/topics?') ? list([], 7) : undefined))
  })

  it('lists only the sections the scopes allow', () => {
    renderConsole('/console', staff(['pages:write']))
    expect(sidebarLinks()).toEqual(['Dashboard', 'Pages', 'Posts'])
  })

  it('shows every section to a holder of every scope', () => {
    const all = ['topics:write', 'modules:write', 'activities:delete', 'pages:delete', 'users:read', 'tickets:write']
    renderConsole('/console', staff(all))
    expect(sidebarLinks()).toEqual(['Dashboard', 'Topics', 'Modules', 'Activities', 'Benchmarks', 'Pages', 'Posts', 'Users', 'Tickets', 'Audit log'])
  })

  it('shows the audit log to users:read holders only, as the server lets only them read it', () => {
    renderConsole('/console', staff(['users:write']))
    expect(sidebarLinks()).toEqual(['Dashboard', 'Users', 'District roster'])
  })

  it('shows users and tickets only for their own scopes', () => {
    renderConsole('/console', staff(['tickets:read']))
    expect(sidebarLinks()).toEqual(['Dashboard', 'Tickets'])
  })

  it('counts each allowed collection on the dashboard, with quick links for writers', async () => {
    renderConsole('/console', staff(['topics:write']))
    expect(screen.getByRole('heading', { level: 1, name: 'Console' })).toBeInTheDocument()
    expect(await screen.findByText('7')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'New topic' })).toHaveAttribute('href', '/console/topics/create')
  })

  it('shows Not Found for a section the scopes do not allow', () => {
    renderConsole('/console/topics', staff(['pages:write']))
    expect(screen.getByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument()
  })
})

describe('console route', () => {
  it('sends an anonymous visitor to log in, and loads the console lazily for staff', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    consoleServer()
    const { unmount } = renderApp(<App />, { route: '/console/pages' })
    await waitFor(() => expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent('/console/pages')}`))
    unmount()
    renderApp(<App />, { route: '/console/pages', user: staff(['pages:write']) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Pages' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Console' })).toBeInTheDocument()
  })
})

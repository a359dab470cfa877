import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { STAFF_SCOPES } from '../api/types'
import { currentLocation, makeUser, mockFetch, renderApp } from '../test/render'
import { Header } from './Header'
import { PreferencesEffect } from './PreferencesEffect'

async function openMenu() {
  const user = userEvent.setup()
  await user.click(screen.getByRole('button', { name: 'Account menu' }))
  return user
}

describe('account menu', () => {
  it('lists Settings, Change Mode, Help and Logout, without Console for a user with no content scope', async () => {
    renderApp(<Header />, { user: makeUser({ scopes: ['users:read', 'tickets:write'] }) })
    await openMenu()
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent)
    expect(items).toEqual(['Settings', 'Change Mode', 'Help', 'Logout'])
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/user/profile')
    expect(screen.getByRole('menuitem', { name: 'Help' })).toHaveAttribute('href', '/help')
  })

  it.each(STAFF_SCOPES)('shows Console for a holder of %s', async (scope) => {
    renderApp(<Header />, { user: makeUser({ scopes: [scope] }) })
    await openMenu()
    expect(screen.getByRole('menuitem', { name: 'Console' })).toHaveAttribute('href', '/console')
  })

  it('shows Log in and Sign up instead of the menu to anonymous visitors', () => {
    renderApp(<Header />)
    expect(screen.queryByRole('button', { name: 'Account menu' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
    expect(screen.getByRole('link', { name: 'Civics360' })).toHaveAttribute('href', '/')
  })

  it.each([
    ['teacher', true],
    ['homeschool', true],
    ['parent', false],
    ['independent', false],
    ['student', false],
  ] as const)('puts Classrooms in the header, one click away, for a %s: %s', (type, shown) => {
    renderApp(<Header />, { user: makeUser({}, { type, completed: true }) })
    const link = screen.queryByRole('link', { name: 'Classrooms' })
    if (shown) expect(link).toHaveAttribute('href', '/user/classrooms')
    else expect(link).toBeNull()
  })

  it('works from the keyboard: arrows move, Escape closes and returns focus', async () => {
    const user = userEvent.setup()
    renderApp(<Header />, { user: makeUser() })
    const button = screen.getByRole('button', { name: 'Account menu' })
    button.focus()
    await user.keyboard('{ArrowDown}')
    expect(button).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitem', { name: 'Change Mode' })).toHaveFocus()
    await user.keyboard('{End}')
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toHaveFocus()
    await user.keyboard('{ArrowDown}')
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(button).toHaveAttribute('aria-expanded', 'false')
    expect(button).toHaveFocus()
  })

  it('logs out: calls /api/logout, resets mode, size and theme, and goes home', async () => {
    const { find } = mockFetch(({ url }) => (url === '/api/logout' ? { body: { message: 'Logged out.' } } : undefined))
    renderApp(
      <>
        <PreferencesEffect />
        <Header />
      </>,
      { user: makeUser({ mode: 'night', size: true, theme: 'kitsune' }), route: '/user/theme' },
    )
    expect(document.documentElement).toHaveClass('theme-kitsune', 'mode-night', 'font-size-auto')
    const user = await openMenu()
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }))
    await waitFor(() => expect(currentLocation()).toBe('/'))
    expect(find('GET', '/api/logout')).toHaveLength(1)
    expect(document.documentElement).toHaveClass('theme-civics', 'mode-day')
    expect(document.documentElement).not.toHaveClass('font-size-auto')
    expect(screen.getByRole('link', { name: 'Log in' })).toBeInTheDocument()
  })
})

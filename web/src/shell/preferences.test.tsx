import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { ThemeSettingsPage } from '../account/ThemeSettingsPage'
import { loadStoredPreferences } from '../session/preferences'
import { makeUser, mockFetch, renderApp } from '../test/render'
import { applyPreferences } from './applyPreferences'
import { Header } from './Header'
import { PreferencesEffect } from './PreferencesEffect'

const root = () => document.documentElement

describe('theme and mode classes on <html>', () => {
  it('swaps only its own classes', () => {
    root().className = 'js keep-me theme-behelit mode-night font-size-auto'
    applyPreferences({ theme: 'ancient', mode: 'day', size: false })
    expect(root().className).toBe('js keep-me theme-ancient mode-day')
    applyPreferences({ theme: 'civics', mode: 'night', size: true })
    expect(root().className).toBe('js keep-me theme-civics mode-night font-size-auto')
  })

  it('toggles day/night for an anonymous visitor and keeps it in this browser', async () => {
    const user = userEvent.setup()
    const { spy } = mockFetch(() => undefined)
    renderApp(
      <>
        <PreferencesEffect />
        <Header />
      </>,
    )
    expect(root()).toHaveClass('theme-civics', 'mode-day')
    const toggle = screen.getByRole('button', { name: 'Night mode' })
    expect(toggle).toHaveAttribute('aria-pressed', 'false')
    await user.click(toggle)
    expect(root()).toHaveClass('mode-night')
    expect(root()).not.toHaveClass('mode-day')
    expect(toggle).toHaveAttribute('aria-pressed', 'true')
    expect(loadStoredPreferences()).toEqual({ theme: 'civics', mode: 'night', size: false })
    expect(spy).not.toHaveBeenCalled()
  })

  it("applies a signed-in user's preferences and saves a toggle to the account", async () => {
    const user = userEvent.setup()
    const account = makeUser({ theme: 'behelit', mode: 'day' })
    const { find } = mockFetch(({ method, url, body }) =>
      method === 'PUT' && url === '/api/users/3/theme'
        ? { body: { message: 'Theme settings updated.', user: { ...account, ...(body as object) } } }
        : undefined,
    )
    renderApp(
      <>
        <PreferencesEffect />
        <Header />
      </>,
      { user: account },
    )
    expect(root()).toHaveClass('theme-behelit', 'mode-day')
    await user.click(screen.getByRole('button', { name: 'Night mode' }))
    expect(root()).toHaveClass('theme-behelit', 'mode-night')
    await waitFor(() => expect(find('PUT', '/api/users/3/theme')).toHaveLength(1))
    expect(find('PUT', '/api/users/3/theme')[0].body).toEqual({ mode: 'night', size: false, theme: 'behelit' })
  })

  it('reverts the mode when the account cannot save it', async () => {
    const user = userEvent.setup()
    mockFetch(() => ({ status: 500, body: {} }))
    renderApp(
      <>
        <PreferencesEffect />
        <Header />
      </>,
      { user: makeUser() },
    )
    await user.click(screen.getByRole('button', { name: 'Night mode' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Your mode could not be saved.')
    expect(root()).toHaveClass('mode-day')
  })
})

describe('Theme Settings', () => {
  it("saves theme, text size and mode, then shows 'Theme settings updated.'", async () => {
    const user = userEvent.setup()
    const account = makeUser()
    const { find } = mockFetch(({ method, body }) =>
      method === 'PUT' ? { body: { message: 'Theme settings updated.', user: { ...account, ...(body as object) } } } : undefined,
    )
    renderApp(
      <>
        <PreferencesEffect />
        <ThemeSettingsPage />
      </>,
      { user: account },
    )
    const select = screen.getByLabelText('Theme')
    expect(Array.from((select as HTMLSelectElement).options).map((o) => [o.value, o.text])).toEqual([
      ['ancient', 'Ancient'],
      ['behelit', 'Behelit'],
      ['civics', 'Civics (Default)'],
      ['kitsune', 'Kitsune'],
    ])
    await user.selectOptions(select, 'kitsune')
    await user.click(screen.getByRole('switch', { name: 'Auto-adjust Text Size' }))
    await user.click(screen.getByRole('switch', { name: /Day\/Night/ }))
    expect(root()).toHaveClass('theme-civics')
    await user.click(screen.getByRole('button', { name: 'Save Theme' }))
    expect(await screen.findByText('Theme settings updated.')).toBeInTheDocument()
    expect(find('PUT', '/api/users/3/theme')[0].body).toEqual({ theme: 'kitsune', size: true, mode: 'night' })
    expect(root()).toHaveClass('theme-kitsune', 'mode-night', 'font-size-auto')
  })
})

import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { currentLocation, makeUser, mockFetch, renderApp } from '../test/render'
import { App } from './App'

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
  mockFetch(({ url }) => {
    if (url.startsWith('/api/topics')) return { body: { docs: [] } }
    if (url.startsWith('/api/pages/slug/')) return { status: 404, body: { errors: [{ message: 'Page not found.' }] } }
    return undefined
  })
})

describe('app shell', () => {
  it('moves focus to the main content after a client-side navigation, not on the first load', async () => {
    renderApp(<App />)
    const main = screen.getByRole('main')
    expect(document.activeElement).not.toBe(main)
    await userEvent.setup().click(within(screen.getByRole('banner')).getByRole('link', { name: 'Topics' }))
    await waitFor(() => expect(currentLocation()).toBe('/topics'))
    await waitFor(() => expect(document.activeElement).toBe(main))
  })

  it('has the landmarks, a skip link, one h1 and the footer of the spec', async () => {
    renderApp(<App />)
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main')
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main')
    const footer = screen.getByRole('contentinfo')
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    const columns = within(footer).getAllByRole('navigation')
    expect(columns.map((nav) => nav.getAttribute('aria-label'))).toEqual(['Help', 'About', 'Made by', 'Partners'])
    const links = (name: string) => within(footer).getByRole('link', { name })
    expect(links('Usage Guide')).toHaveAttribute('href', '/help')
    expect(links('Contact Us')).toHaveAttribute('href', '/ticket?type=contact')
    expect(links('Privacy Policy')).toHaveAttribute('href', '/pages/privacy-policy')
    expect(links('Terms')).toHaveAttribute('href', '/pages/terms-and-conditions')
    expect(links('Civics360')).toHaveAttribute('href', '/pages/civics360')
    expect(links('Our Story')).toHaveAttribute('href', '/pages/fjcc')
    expect(links('EOC')).toHaveAttribute('href', '/pages/eoc')
    expect(links('Donate (opens in a new tab)')).toHaveAttribute('href', expect.stringMatching(/^https:\/\//))
    expect(links('LFI (opens in a new tab)')).toHaveAttribute('target', '_blank')
    expect(links('FJCC (opens in a new tab)')).toHaveAttribute('rel', 'noopener noreferrer')
    expect(within(columns[3]).getAllByRole('link')).toHaveLength(3)
    expect(links('2.0.1')).toHaveAttribute('href', '/change-log')
    expect(footer).toHaveTextContent('©')
  })

  it.each(['/modules/4', '/user/profile', '/user/classrooms/5'])('sends an anonymous visitor from %s to log in with the return path', async (route) => {
    renderApp(<App />, { route })
    await waitFor(() => expect(currentLocation()).toBe(`/login?redirect=${encodeURIComponent(route)}`))
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in to Civics360' })).toBeInTheDocument()
  })

  it('shows Not Found for an unknown path', async () => {
    renderApp(<App />, { route: '/no/such/place' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument()
  })

  it('keeps students out of Classrooms', async () => {
    renderApp(<App />, { route: '/user/classrooms', user: makeUser({}, { type: 'student', completed: true }) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Not Found' })).toBeInTheDocument()
  })

  it('opens the user area with its sidebar for a completed educator', async () => {
    renderApp(<App />, { route: '/user/theme', user: makeUser() })
    expect(await screen.findByRole('heading', { level: 1, name: 'Theme Settings' })).toBeInTheDocument()
    expect(screen.getByRole('navigation', { name: 'Settings' })).toBeInTheDocument()
  })
})

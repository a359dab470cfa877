import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError, BUSY_RETRIES, retryAfterMs } from '../api/client'
import { changeLanguage } from '../i18n/i18n'
import { mockFetch } from '../test/render'
import { SiteBusyNotice } from './SiteBusyNotice'

afterEach(async () => {
  cleanup()
  vi.useRealTimers()
  await act(() => changeLanguage('en'))
})

const busy = { status: 503, body: { errors: [{ message: 'The site is busy. Please try again in a moment.' }] }, headers: { 'Retry-After': '0' } }

describe('a busy server (503 with Retry-After)', () => {
  it('is retried while the page says the site is busy, never that the reader was signed out', async () => {
    let answered = 0
    let release: () => void = () => undefined
    const recovered = new Promise<void>((resolve) => (release = resolve))
    const { calls } = mockFetch(async () => {
      answered++
      if (answered <= 2) return busy
      await recovered
      return { body: { message: 'Theme settings updated.' } }
    })
    render(<SiteBusyNotice />)
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('')
    const saved = api.put<{ message: string }>('/api/users/3/theme', { mode: 'night' })
    await waitFor(() => expect(status).toHaveTextContent('The site is busy, retrying…'))
    expect(screen.queryByText(/logged in|signed out|log in/i)).toBeNull()
    release()
    await expect(saved).resolves.toEqual({ message: 'Theme settings updated.' })
    // The same write, sent again as it was.
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual(Array.from({ length: 3 }, () => ['PUT', '/api/users/3/theme', { mode: 'night' }]))
    await waitFor(() => expect(status).toHaveTextContent(''))
  })

  it('says so in Spanish and Haitian Creole', async () => {
    let release: () => void = () => undefined
    const recovered = new Promise<void>((resolve) => (release = resolve))
    let first = true
    mockFetch(async () => {
      if (first) {
        first = false
        return busy
      }
      await recovered
      return { body: {} }
    })
    render(<SiteBusyNotice />)
    await act(() => changeLanguage('es'))
    const pending = api.get('/api/topics')
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('El sitio está ocupado, volviendo a intentar…'))
    await act(() => changeLanguage('ht'))
    expect(screen.getByRole('status')).toHaveTextContent('Sit la okipe, n ap eseye ankò…')
    release()
    await pending
  })

  it('gives up after its retries with the server’s 503 and message, and the notice goes', async () => {
    const { calls } = mockFetch(() => busy)
    render(<SiteBusyNotice />)
    const error = await api.get('/api/users/me').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).status).toBe(503)
    expect((error as ApiError).message).toBe('The site is busy. Please try again in a moment.')
    expect(calls).toHaveLength(BUSY_RETRIES + 1)
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(''))
  })

  it('is not retried without Retry-After, and other errors are not retried', async () => {
    const { calls } = mockFetch(({ url }) =>
      url === '/a' ? { status: 503, body: {} } : { status: 401, body: { message: 'You must be logged in to do that.' } },
    )
    await expect(api.get('/a')).rejects.toMatchObject({ status: 503 })
    await expect(api.get('/b')).rejects.toMatchObject({ status: 401 })
    expect(calls).toHaveLength(2)
  })

  it('reads Retry-After as seconds or a date, and never waits more than 30 s', () => {
    expect(retryAfterMs('5')).toBe(5000)
    expect(retryAfterMs('600')).toBe(30_000)
    expect(retryAfterMs(new Date(10_000).toUTCString(), 8_000)).toBe(2000)
    expect(retryAfterMs(null)).toBeNull()
    expect(retryAfterMs('soon')).toBeNull()
  })
})

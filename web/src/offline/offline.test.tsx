import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '../i18n/i18n'
import { OfflineNotice } from './OfflineNotice'
import { accountOfPage, isAppPage, isKeptRead, VISITOR } from './openedPages'
import { forgetOpenedPages, tellServiceWorker } from './signedIn'

afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  await act(() => changeLanguage('en'))
})

const goOffline = (offline: boolean) => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline)
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'))
}

describe('the offline notice', () => {
  it('is said in a live region while the connection is down, and goes when it is back', async () => {
    render(<OfflineNotice />)
    const status = screen.getByRole('status')
    expect(status).toHaveAttribute('aria-live', 'polite')
    expect(status).toHaveTextContent('')
    act(() => goOffline(true))
    expect(status).toHaveTextContent('You are offline. Pages you have already opened still work.')
    act(() => goOffline(false))
    expect(status).toHaveTextContent('')
  })

  it('is said in Spanish and Haitian Creole', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    render(<OfflineNotice />)
    await act(() => changeLanguage('es'))
    expect(screen.getByRole('status')).toHaveTextContent('Estás sin conexión. Las páginas que ya abriste siguen funcionando.')
    await act(() => changeLanguage('ht'))
    expect(screen.getByRole('status')).toHaveTextContent('Ou pa konekte. Paj ou te deja louvri yo toujou mache.')
  })
})

const page = (data: string) => `<!doctype html><html><head><script id="page-data" type="application/json">${data}</script></head><body></body></html>`

describe('what the service worker keeps, and for whom', () => {
  it("files a page under the account its page data names, a visitor's under the visitor, and keeps none it cannot read", () => {
    expect(accountOfPage(page('{"csrfToken":"t","user":{"id":42,"username":"ava"}}'))).toBe('42')
    expect(accountOfPage(page('{"csrfToken":"t","user":{"id":"64f0c2"}}'))).toBe('64f0c2')
    expect(accountOfPage(page('{"csrfToken":"t","user":null}'))).toBe(VISITOR)
    // The server writes `<` as \u003c inside the page data.
    expect(accountOfPage(page('{"csrfToken":"t","user":{"id":7,"firstName":"\\u003cb\\u003e"}}'))).toBe('7')
    expect(accountOfPage(page('{not json'))).toBeUndefined()
    expect(accountOfPage(page('{"user":{"id":{"nested":1}}}'))).toBeUndefined()
    expect(accountOfPage('<html><body>The site is busy</body></html>')).toBeUndefined()
  })

  it('answers for the SPA routes only: never the admin, the API, uploads, package storage, sign-in redirects or files', () => {
    for (const path of ['/', '/topics', '/topics/3', '/modules/2', '/user/profile', '/login', '/console/modules/4']) expect(isAppPage(path), path).toBe(true)
    for (const path of [
      '/admin',
      '/admin/collections/users',
      '/api/users/me',
      '/api/media/file/a.txt',
      '/_next/static/chunk.js',
      '/uploads/4/storyline/story.html',
      '/package-storage/clear',
      '/authenticate/google/callback',
      '/healthz',
      '/readyz',
      '/sw.js',
      '/assets/index-abc.js',
    ])
      expect(isAppPage(path), path).toBe(false)
  })

  it("keeps the reads a student's pages make, and never logout, usernames, classroom codes, the LRS or other people's data", () => {
    for (const path of [
      '/api/topics',
      '/api/topics/1',
      '/api/modules/2',
      '/api/activities',
      '/api/pages/slug/about',
      '/api/benchmarks',
      '/api/countries',
      '/api/attempts',
      '/api/users/me',
      '/api/users/5/home',
      '/api/assignments/mine',
      '/api/media/file/mayflower-compact.txt',
    ])
      expect(isKeptRead(path), path).toBe(true)
    for (const path of [
      '/api/logout',
      '/api/users/username',
      '/api/classrooms/code/ABC',
      '/api/xapi/statements',
      '/api/users/5/classrooms',
      '/api/classrooms/3/progress',
      '/api/assignments',
      '/api/media',
      '/api/tickets',
    ])
      expect(isKeptRead(path), path).toBe(false)
  })
})

describe('the page tells the worker who is signed in, and logout deletes what was kept', () => {
  it("posts the account to the controlling worker at once, and at logout deletes every account's cache but nothing else", async () => {
    const posted: unknown[] = []
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { controller: { postMessage: (message: unknown) => posted.push(message) } },
    })
    const names = new Set(['workbox-precache-v2-http://school.test/', 'civics360-opened-42', 'civics360-opened-visitor', 'another-app'])
    vi.stubGlobal('caches', { keys: async () => [...names], delete: async (name: string) => names.delete(name) })
    try {
      tellServiceWorker(42)
      expect(posted).toEqual([{ type: 'account', account: '42' }])
      await forgetOpenedPages()
      expect(posted).toEqual([
        { type: 'account', account: '42' },
        { type: 'account', account: VISITOR },
      ])
      expect([...names]).toEqual(['workbox-precache-v2-http://school.test/', 'another-app'])
    } finally {
      vi.unstubAllGlobals()
      Reflect.deleteProperty(navigator, 'serviceWorker')
    }
  })
})

// Test helpers of the console's tests (imported by *.test.tsx only).
import { render } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { fetcher } from '../api/client'
import type { Scope } from '../../../common/scopes'
import type { User } from '../api/types'
import { SessionProvider } from '../session/SessionProvider'
import { makeUser, mockFetch, type Call } from '../test/render'
import { ConsoleRoutes } from './ConsoleRoutes'

/** A staff account; tests list its scopes as plain strings, unknown ones included. */
export function staff(scopes: string[], overrides: Partial<User> = {}): User {
  return makeUser({ scopes: scopes as Scope[], ...overrides })
}

export function list<T>(docs: T[], totalDocs = docs.length, page = 1) {
  const totalPages = Math.max(1, Math.ceil(totalDocs / 20))
  return { body: { docs, totalDocs, totalPages, page, hasNextPage: page < totalPages, hasPrevPage: page > 1 } }
}

type Reply = { status?: number; body?: unknown } | undefined

/** A fetch mock where every collection list answers empty unless `handler` answers first. */
export function consoleServer(handler: (call: Call) => Reply = () => undefined) {
  return mockFetch((call) => {
    const answer = handler(call)
    if (answer) return answer
    if (call.method === 'GET' && /^\/api\/[a-z]+\?/.test(call.url)) return list([])
    return undefined
  })
}

function LocationProbe() {
  const location = useLocation()
  return <div data-testid="location">{location.pathname + location.search}</div>
}

/** Renders the console at `route` (under /console/*) for `user`, with a location probe (currentLocation()). */
export function renderConsole(route: string, user: User | null, history: string[] = []) {
  return render(
    <MemoryRouter initialEntries={[...history, route]} initialIndex={history.length}>
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
        <SessionProvider initialUser={user}>
          <Routes>
            <Route path="/console/*" element={<ConsoleRoutes />} />
            <Route path="*" element={<h1>Outside the console</h1>} />
          </Routes>
          <LocationProbe />
        </SessionProvider>
      </SWRConfig>
    </MemoryRouter>,
  )
}

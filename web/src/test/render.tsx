import { render, screen } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { vi } from 'vitest'
import { fetcher } from '../api/client'
import type { User } from '../api/types'
import { SessionProvider } from '../session/SessionProvider'

function LocationProbe() {
  const location = useLocation()
  return <div data-testid="location">{location.pathname + location.search}</div>
}

interface Options {
  user?: User | null
  route?: string
  /** The route pattern the element is mounted at; other paths render a location probe. */
  path?: string
}

/** Renders with the app's providers: a memory router, a fresh SWR cache and a session. */
export function renderApp(ui: ReactElement, { user = null, route = '/', path }: Options = {}) {
  const tree = path ? (
    <Routes>
      <Route path={path} element={ui} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>
  ) : (
    <>
      {ui}
      <LocationProbe />
    </>
  )
  return render(
    <MemoryRouter initialEntries={[route]}>
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0, shouldRetryOnError: false }}>
        <SessionProvider initialUser={user}>{tree}</SessionProvider>
      </SWRConfig>
    </MemoryRouter>,
  )
}

export function currentLocation(): string {
  return screen.getByTestId('location').textContent ?? ''
}

export interface Call {
  method: string
  url: string
  body: unknown
  headers: Record<string, string>
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | undefined
type Handler = (call: Call) => Reply | Promise<Reply>

/** Replaces fetch; the handler answers each call (unanswered calls get 404). */
export function mockFetch(handler: Handler) {
  const calls: Call[] = []
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      method: init?.method ?? 'GET',
      url: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    }
    calls.push(call)
    const reply = (await handler(call)) ?? { status: 404, body: { errors: [{ message: 'Not Found' }] } }
    return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    })
  })
  vi.stubGlobal('fetch', spy)
  return {
    calls,
    spy,
    find: (method: string, url: string | RegExp) => calls.filter((c) => c.method === method && (typeof url === 'string' ? c.url === url : url.test(c.url))),
  }
}

export function makeUser(overrides: Partial<User> = {}, attributes: Partial<User['attributes']> = {}): User {
  return {
    id: 3,
    email: 'teacher@example.org',
    username: null,
    scopes: [],
    attributes: { type: 'teacher', completed: true, school: null, classroom: null, ...attributes },
    meta: { oauthFirstName: null, oauthLastName: null, oauthEmail: null },
    providers: [{ provider: 'local', username: 'teacher@example.org' }],
    hasPassword: true,
    emailVerified: true,
    mode: 'day',
    size: false,
    theme: 'civics',
    language: null,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: '2026-01-05T10:00:00.000Z',
    ...overrides,
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The control labelled exactly `label`, with or without the required dot. */
export function field(label: string): HTMLElement {
  return screen.getByLabelText(new RegExp(`^${escapeRegExp(label)}(• \\(required\\))?$`))
}

/** Types each value into the control labelled with its key, in the order given, as `user`. */
export async function typeInto(user: UserEvent, values: Record<string, string>) {
  for (const [label, text] of Object.entries(values)) await user.type(field(label), text)
}

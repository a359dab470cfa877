import { localizedPath } from '../../../common/locales'
import { currentLanguage } from '../i18n/i18n'
import { readPageData } from './pageData'

export interface FieldError {
  path: string
  message: string
}

/** A failed API call: `message` is the server's message when it sent one; `data`, what the server said with it. */
export class ApiError extends Error {
  readonly status: number
  readonly serverMessage: string | null
  readonly fieldErrors: FieldError[]
  readonly data: Record<string, unknown> | null

  constructor(status: number, serverMessage: string | null, fieldErrors: FieldError[] = [], data: Record<string, unknown> | null = null) {
    super(serverMessage ?? `Request failed with status code ${status}`)
    this.name = 'ApiError'
    this.status = status
    this.serverMessage = serverMessage
    this.fieldErrors = fieldErrors
    this.data = data
  }
}

let csrfToken: string | null | undefined

/** The XSRF-TOKEN cookie, named `__Host-XSRF-TOKEN` when the server runs over https. */
function cookieToken(): string | null {
  const match = document.cookie.match(/(?:^|;\s*)(?:__Host-)?XSRF-TOKEN=([^;]*)/)
  return match ? decodeURIComponent(match[1]) : null
}

/**
 * The CSRF token. The cookie holds the same token as the page data, and is the fresher of the
 * two if the server renews it (at login, say), so it wins when present; else the page data's.
 */
export function getCsrfToken(): string | null {
  if (csrfToken === undefined) csrfToken = readPageData().csrfToken
  return cookieToken() ?? csrfToken
}

export function setCsrfToken(token: string | null | undefined): void {
  csrfToken = token
}

interface ErrorBody {
  message?: unknown
  errors?: { message?: unknown; data?: { errors?: FieldError[] } & Record<string, unknown> }[]
}

function parseJson(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The one error parser of the SPA: Payload's `errors[0]`, else the product's `message`, with any field errors. */
export function errorFromText(status: number, text: string): ApiError {
  const body = parseJson(text)
  const parsed = (typeof body === 'object' && body !== null ? body : {}) as ErrorBody
  const first = parsed.errors?.[0]
  const message =
    typeof first?.message === 'string' && first.message ? first.message : typeof parsed.message === 'string' && parsed.message ? parsed.message : null
  const data = typeof first?.data === 'object' && first.data !== null && !Array.isArray(first.data) ? first.data : null
  return new ApiError(status, message, first?.data?.errors ?? [], data)
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** An API address in the interface's language, unless the caller chose one (the console's editor). */
export const withLocale = (path: string, locale: string = currentLanguage()): string => localizedPath(path, locale)

/**
 * The server answers 503 with Retry-After when it cannot serve a request for now (its database
 * unreachable, the instance starting or stopping) and did nothing with it: the request is sent
 * again after the time it names, up to `BUSY_RETRIES` times, while the layout says the site is
 * busy (`SiteBusyNotice`). Then the 503 is the request's error, like any other.
 */
export const BUSY_RETRIES = 12
const longestBusyWaitMs = 30_000

/** How long a 503 asks to wait (seconds, or an HTTP date), or null when it does not ask. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null
  const seconds = Number(header)
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - now
  if (Number.isNaN(ms)) return null
  return Math.min(Math.max(ms, 0), longestBusyWaitMs)
}

/** How many requests are waiting out a busy server, and who wants to know whether any is. */
let waitingOutBusy = 0
const busyListeners = new Set<() => void>()
const changeWaiting = (delta: number) => {
  waitingOutBusy += delta
  for (const listener of busyListeners) listener()
}
export const siteBusy = {
  subscribe(listener: () => void): () => void {
    busyListeners.add(listener)
    return () => busyListeners.delete(listener)
  },
  /** True while a request waits to be sent again. */
  current: (): boolean => waitingOutBusy > 0,
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The one HTTP client of the SPA. The session is the HttpOnly cookie, so every call is
 * same-origin with credentials; writes carry the CSRF header. No timeout (spec: 0). A busy
 * server's 503 is retried (`BUSY_RETRIES`).
 */
export async function request<T>(method: Method, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
  // The server answers its messages in this language (see docs/adr/server-messages-and-emails-translated.md).
  const headers: Record<string, string> = { ...extraHeaders, Accept: 'application/json', 'Accept-Language': currentLanguage() }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (method !== 'GET') {
    const token = getCsrfToken()
    if (token) headers['X-XSRF-TOKEN'] = token
  }
  const send = () =>
    fetch(method === 'GET' ? withLocale(path) : path, {
      method,
      headers,
      credentials: 'same-origin',
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  let response = await send()
  let waiting = false
  try {
    for (let retries = 0; response.status === 503 && retries < BUSY_RETRIES; retries++) {
      const wait = retryAfterMs(response.headers.get('Retry-After'))
      if (wait === null) break
      await response.body?.cancel()
      if (!waiting) changeWaiting(+1)
      waiting = true
      await sleep(wait)
      response = await send()
    }
  } finally {
    if (waiting) changeWaiting(-1)
  }
  const text = await response.text()
  if (!response.ok) throw errorFromText(response.status, text)
  return parseJson(text) as T
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
}

/** SWR's fetcher: keys are API paths. */
export const fetcher = <T>(path: string) => api.get<T>(path)

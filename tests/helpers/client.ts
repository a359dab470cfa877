import http from 'node:http'
import { randomBytes } from 'node:crypto'

import { csrfCookieName } from '@cms/auth/cookies'

export type ApiResponse<T = any> = { status: number; body: T; headers: Headers }

/**
 * A browser-like API client: keeps cookies, sends the CSRF double-submit header like the SPA,
 * and can use a bearer token instead.
 */
export class Client {
  cookies = new Map<string, string>()
  token?: string
  bearer = false
  readonly csrf = randomBytes(24).toString('base64url')

  constructor(readonly base: string) {
    // `__Host-XSRF-TOKEN` when the server under test runs with a https PUBLIC_URL.
    this.cookies.set(csrfCookieName(), this.csrf)
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    init: { headers?: Record<string, string>; raw?: BodyInit } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...init.headers }
    if (body !== undefined) headers['content-type'] = 'application/json'
    headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
    if (method !== 'GET') headers['x-xsrf-token'] = this.csrf
    if (this.bearer && this.token) headers.authorization = `Bearer ${this.token}`
    const res = await fetch(this.base + path, {
      method,
      headers,
      body: init.raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      redirect: 'manual',
    })
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(';')
      const [name, ...value] = pair.split('=')
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0/i.test(a.trim()))
      if (expired || value.join('=') === '') this.cookies.delete(name.trim())
      else this.cookies.set(name.trim(), value.join('='))
    }
    const text = await res.text()
    let parsed: any = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // not JSON
    }
    if (parsed?.token) this.token = parsed.token
    return { status: res.status, body: parsed as T, headers: res.headers }
  }

  get = <T = any>(path: string) => this.request<T>('GET', path)
  post = <T = any>(path: string, body?: unknown) => this.request<T>('POST', path, body ?? {})
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body ?? {})
  patch = <T = any>(path: string, body?: unknown) => this.request<T>('PATCH', path, body ?? {})
  delete = <T = any>(path: string) => this.request<T>('DELETE', path)
}

/** The human message of an error answer. */
export const message = (res: ApiResponse) => res.body?.errors?.[0]?.message ?? res.body?.message

export const fieldMessages = (res: ApiResponse): Record<string, string> =>
  Object.fromEntries((res.body?.errors?.[0]?.data?.errors ?? []).map((e: { path: string; message: string }) => [e.path, e.message]))

/** A GET answering the raw bytes (no decoding of br or gzip) and every header, as a browser's network sees them. */
export const getRawBytes = (base: string, urlPath: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const url = new URL(base)
    const req = http.request({ host: url.hostname, port: url.port, path: urlPath, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })

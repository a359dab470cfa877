import { randomBytes, timingSafeEqual } from 'node:crypto'

import type { NextFunction, Request, Response } from 'express'

export const csrfCookie = 'XSRF-TOKEN'
const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const readCookie = (req: Request, name: string): string | undefined => {
  for (const part of (req.headers.cookie || '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return decodeURIComponent(rest.join('='))
  }
  return undefined
}

const equal = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * HttpOnly in production: the SPA takes the token from the page data, and cookies are shared by
 * every port of a host, so a Storyline package on the content origin (by default another port of
 * the same host) must not read it from document.cookie. Readable in development, where the Vite
 * dev server's SPA has no page data and reads the cookie. See docs/decisions.md, "The content origin".
 */
const csrfCookieHttpOnly = () => process.env.NODE_ENV === 'production'

/** The browser's CSRF token, issued once in the XSRF-TOKEN cookie and sent in the page data. */
export const ensureCsrfToken = (req: Request, res: Response, secure: boolean): string => {
  const existing = readCookie(req, csrfCookie)
  if (existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing)) return existing
  const token = randomBytes(24).toString('base64url')
  res.append('Set-Cookie', `${csrfCookie}=${token}; Path=/; SameSite=Lax${csrfCookieHttpOnly() ? '; HttpOnly' : ''}${secure ? '; Secure' : ''}`)
  return token
}

const sameOrigin = (req: Request, publicOrigin: string) => {
  const origin = req.headers.origin
  if (origin) return origin === publicOrigin || origin === `${req.protocol}://${req.headers.host}`
  return req.headers['sec-fetch-site'] === 'same-origin'
}

/**
 * Double-submit CSRF check (spec section 7: csrf-token / X-XSRF-TOKEN headers). It applies to
 * unsafe requests that ride on the session cookie; same-origin requests (the admin panel) pass on
 * their Origin, and requests that authenticate with an Authorization header need no token.
 */
export const csrfProtection =
  (publicOrigin: string) =>
  (req: Request, res: Response, next: NextFunction): void => {
    if (!unsafe.has(req.method) || req.headers.authorization) return next()
    if (!readCookie(req, 'payload-token')) return next()
    const cookie = readCookie(req, csrfCookie)
    const header = req.headers['x-xsrf-token'] || req.headers['csrf-token']
    if (cookie && typeof header === 'string' && equal(cookie, header)) return next()
    if (sameOrigin(req, publicOrigin)) return next()
    res.status(403).json({ errors: [{ message: 'Invalid or missing CSRF token. Reload the page and try again.' }] })
  }

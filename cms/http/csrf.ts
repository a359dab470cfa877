import { randomBytes, timingSafeEqual } from 'node:crypto'

import type { NextFunction, Request, Response } from 'express'

import { cookieValues, csrfCookieName, secureAttribute, sessionCookieName } from '../auth/cookies'

const unsafe = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

export const readCookie = (req: Request, name: string): string | undefined => cookieValues(req.headers.cookie, name)[0]

const equal = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * HttpOnly in production: the SPA takes the token from the page data, and cookies are shared by
 * every port of a host, so a Storyline package on the content origin (by default another port of
 * the same host) must not read it from document.cookie. Readable in development, where the Vite
 * dev server's SPA has no page data and reads the cookie. See docs/adr/csrf-double-submit-and-origin.md.
 */
const csrfCookieHttpOnly = () => process.env.NODE_ENV === 'production'

/** The browser's CSRF token, issued once in the XSRF-TOKEN cookie (`__Host-XSRF-TOKEN` over https) and sent in the page data. */
export const ensureCsrfToken = (req: Request, res: Response): string => {
  const existing = readCookie(req, csrfCookieName())
  if (existing && /^[A-Za-z0-9_-]{32,64}$/.test(existing)) return existing
  const token = randomBytes(24).toString('base64url')
  res.append('Set-Cookie', `${csrfCookieName()}=${token}; Path=/; SameSite=Lax${csrfCookieHttpOnly() ? '; HttpOnly' : ''}${secureAttribute()}`)
  return token
}

const ourOrigin = (origin: string, req: Request, publicOrigin: string) => origin === publicOrigin || origin === `${req.protocol}://${req.headers.host}`

const sameOrigin = (req: Request, publicOrigin: string) => {
  const origin = req.headers.origin
  if (origin) return ourOrigin(origin, req, publicOrigin)
  return req.headers['sec-fetch-site'] === 'same-origin'
}

/** A browser says the request comes from another site: its Origin (or, without one, Sec-Fetch-Site) is not ours. */
const fromAnotherSite = (req: Request, publicOrigin: string) => {
  const origin = req.headers.origin
  if (origin) return !ourOrigin(origin, req, publicOrigin)
  const site = req.headers['sec-fetch-site']
  return site === 'cross-site' || site === 'same-site'
}

const refuse = (res: Response, message: string) => res.status(403).json({ errors: [{ message }] })

/**
 * CSRF (spec section 7: csrf-token / X-XSRF-TOKEN headers). An unsafe request that a browser sends
 * from another site is refused outright, signed in or not: a cross-site form could otherwise log
 * the visitor into someone else's account (login CSRF) or start a signup or a password reset in
 * their name. One that rides on the session cookie must also send the double-submit token or come
 * from our own origin (the admin panel). Requests authenticated with an Authorization header carry
 * no ambient credential and need neither.
 */
export const csrfProtection =
  (publicOrigin: string) =>
  (req: Request, res: Response, next: NextFunction): void => {
    // The xAPI LRS ignores cookies and answers only to the launch token in Authorization, so a
    // package on the content origin (another origin) may call it; without a token it answers 401.
    if (!unsafe.has(req.method) || req.headers.authorization || req.originalUrl.startsWith('/api/xapi/')) return next()
    if (fromAnotherSite(req, publicOrigin)) return void refuse(res, 'Cross-site request refused (CSRF protection). Open Civics360 and try again there.')
    if (!readCookie(req, sessionCookieName())) return next()
    const cookie = readCookie(req, csrfCookieName())
    const header = req.headers['x-xsrf-token'] || req.headers['csrf-token']
    if (cookie && typeof header === 'string' && equal(cookie, header)) return next()
    if (sameOrigin(req, publicOrigin)) return next()
    refuse(res, 'Invalid or missing CSRF token. Reload the page and try again.')
  }

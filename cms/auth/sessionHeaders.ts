import type { IncomingMessage, ServerResponse } from 'node:http'

import type { Payload } from 'payload'

import { requestLanguage, translateMessage } from '../http/messages/translate'

/**
 * The headers a request's session is read from, made unambiguous before anything reads them.
 *
 * Payload reads the session cookie with its own parser (the last cookie of that name wins, names
 * trimmed, values URI-decoded) and the server's own code must never reach a different answer: the
 * public-read cache (cms/cache/publicCache.ts) would file one person's answer under another kind of
 * reader. Rather than trusting that two parsers agree on a Cookie header crafted to make them
 * disagree (two session cookies, in either order; a name with spaces; a cookie planted at a longer
 * path, which browsers send first), such a request is refused before the cache or Payload looks.
 * A browser never sends one by itself: a second session cookie was planted by someone else (a page
 * on a site that shares the product's cookies), so the refusal also clears the site's cookies
 * (`Clear-Site-Data`), which removes the planted one and signs the person out, and they sign in again.
 */

/** The session cookie's name: Payload's `cookiePrefix` (which may become `__Host-…` over https) and `-token`. */
export const sessionCookieName = (payload: Payload) => `${payload.config.cookiePrefix}-token`

type CookiePair = { rawName: string; name: string; value: string }

/** Every name=value pair of a Cookie header, split the way Payload's parser splits them (on `;`, then at the first `=`). */
const cookiePairs = (header: string): CookiePair[] =>
  header.split(';').map((pair) => {
    const at = pair.indexOf('=')
    const rawName = at === -1 ? pair : pair.slice(0, at)
    return { rawName, name: rawName.trim(), value: at === -1 ? '' : pair.slice(at + 1) }
  })

/** True when the Cookie header names the session cookie at all (any spelling Payload would read as it). */
export const carriesSessionCookie = (cookieHeader: string | undefined, name: string) =>
  Boolean(cookieHeader?.includes(name)) && cookiePairs(cookieHeader as string).some((pair) => pair.name === name)

/** The session cookie's value, once the request has passed `sessionHeadersProblem` (one cookie of that name, cleanly written). */
export const sessionCookieValue = (cookieHeader: string | undefined, name: string): string | undefined => {
  if (!cookieHeader?.includes(name)) return undefined
  const pair = cookiePairs(cookieHeader).find((each) => each.name === name)
  if (!pair) return undefined
  try {
    return decodeURI(pair.value)
  } catch {
    return undefined
  }
}

export const sessionHeadersMessages = {
  repeatedHeader: (header: string) => `The request has more than one ${header} header. Send one.`,
  repeatedCookie:
    'Your browser sent more than one sign-in cookie for this site, so we cannot tell who you are. We have cleared this site’s cookies: reload the page and sign in again.',
  malformedCookie: 'Your browser sent a sign-in cookie we cannot read. We have cleared this site’s cookies: reload the page and sign in again.',
} as const

type Problem = { message: string; plantedCookie: boolean }

/** How many header lines of one name the request has (Node keeps them all in `rawHeaders`). */
const headerLines = (req: IncomingMessage, name: string) => {
  let count = 0
  for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === name) count++
  return count
}

/**
 * Why the request's session cannot be read one way only, or undefined when it can. Node joins
 * repeated Cookie lines with `;` and keeps only the first Authorization line, while the Fetch
 * headers Payload receives join every line with `,`: one line of each, then.
 */
export const sessionHeadersProblem = (req: IncomingMessage, cookieName: string): Problem | undefined => {
  if (headerLines(req, 'cookie') > 1) return { message: sessionHeadersMessages.repeatedHeader('Cookie'), plantedCookie: false }
  if (headerLines(req, 'authorization') > 1) return { message: sessionHeadersMessages.repeatedHeader('Authorization'), plantedCookie: false }
  const cookie = req.headers.cookie
  if (!cookie?.includes(cookieName)) return undefined
  const sessions = cookiePairs(cookie).filter((pair) => pair.name === cookieName)
  if (sessions.length > 1) return { message: sessionHeadersMessages.repeatedCookie, plantedCookie: true }
  const [session] = sessions
  if (!session) return undefined
  // A browser writes the name right before `=` (the space after `;` is the separator's).
  let readable = session.rawName.trimStart() === cookieName
  try {
    decodeURI(session.value)
  } catch {
    readable = false
  }
  return readable ? undefined : { message: sessionHeadersMessages.malformedCookie, plantedCookie: true }
}

/**
 * Answers a request whose session headers are ambiguous with a 400 that says so (JSON under /api,
 * text elsewhere, in the reader's language) and returns true; false when the request may go on.
 * `before` adds the headers every answer carries.
 */
export const refuseAmbiguousSession = (
  payload: Payload,
  req: IncomingMessage,
  res: ServerResponse,
  before: (req: IncomingMessage, res: ServerResponse) => void,
): boolean => {
  const problem = sessionHeadersProblem(req, sessionCookieName(payload))
  if (!problem) return false
  before(req, res)
  const message = translateMessage(problem.message, requestLanguage(req.headers['accept-language']))
  res.statusCode = 400
  res.setHeader('Cache-Control', 'no-store')
  // Only a planted cookie can be behind a repeated or unreadable session cookie: clearing the
  // site's cookies removes it (whatever its path), where an expired Set-Cookie reaches one path only.
  if (problem.plantedCookie) res.setHeader('Clear-Site-Data', '"cookies"')
  if (req.url?.startsWith('/api/')) {
    res.setHeader('Content-Type', 'application/json; charset=utf-8')
    res.end(JSON.stringify({ errors: [{ message }] }))
  } else {
    res.setHeader('Content-Type', 'text/plain; charset=utf-8')
    res.end(message)
  }
  return true
}

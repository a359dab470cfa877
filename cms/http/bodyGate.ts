import type { NextFunction, Request, Response } from 'express'
import { type CollectionSlug, createLocalReq, type Payload } from 'payload'

import { tokenFromHeader, verifyLaunchToken } from '../attempts/token'
import { hasBody } from './httpServer'
import { requestUser } from '../auth/requestUser'

/**
 * Decides from a request's headers, before its body is read, whether the body may come in and
 * how large it may be. Anonymous senders (no session, no package launch token) get a small limit (nothing an anonymous visitor may send
 * is large); a multipart write to a collection (an upload) is refused unless the sender may write
 * there. So a 45 MB anonymous upload is a 413 or 401 after its headers, not after 45 MB.
 */

const isMultipart = (req: Request) => /^multipart\//i.test(req.headers['content-type'] || '')

const headersOf = (req: Request) => {
  const headers = new Headers()
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie)
  if (req.headers.authorization) headers.set('authorization', req.headers.authorization)
  return headers
}

/** `/api/<collection>` (create) or `/api/<collection>/<id>` (update): Payload's generated write routes. */
const collectionWrite = (payload: Payload, req: Request): { slug: CollectionSlug; operation: 'create' | 'update' } | null => {
  const match = /^\/api\/([a-z0-9-]+)(?:\/([^/]+))?\/?$/.exec(req.baseUrl + req.path)
  const slug = match?.[1] as CollectionSlug | undefined
  if (!match || !slug || !payload.collections[slug]) return null
  if (!match[2] && req.method === 'POST') return { slug, operation: 'create' }
  if (match[2] && (req.method === 'PATCH' || req.method === 'PUT')) return { slug, operation: 'update' }
  return null
}

// The body is never read into memory: Node discards whatever of it still arrives.
const refuse = (res: Response, status: number, message: string): void => {
  res.status(status).json({ errors: [{ message }] })
}

export const bodyGate =
  (payload: Payload, anonymousBytes: number) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method === 'GET' || req.method === 'HEAD' || !hasBody(req)) return next()
    const declared = Number(req.headers['content-length'] || 0)
    const multipart = isMultipart(req)
    // Small, whole JSON bodies pass at once: they are within what anyone may send.
    if (!multipart && declared > 0 && declared <= anonymousBytes) return next()
    try {
      const user = await requestUser(payload, headersOf(req))
      // A package's xAPI launch token (cms/attempts/token.ts) vouches for its sender like a session.
      const launch = tokenFromHeader(req.headers.authorization ?? null)
      const vouched = Boolean(user) || Boolean(launch && verifyLaunchToken(payload.secret, launch))
      if (!vouched) {
        if (declared > anonymousBytes) {
          return multipart
            ? refuse(res, 401, 'You must be logged in to do that.')
            : refuse(res, 413, `The request is too large (limit ${Math.round(anonymousBytes / 1024)} KB without logging in).`)
        }
        res.locals.bodyLimit = anonymousBytes
      }
      const write = multipart ? collectionWrite(payload, req) : null
      if (write) {
        const access = payload.collections[write.slug].config.access[write.operation]
        const allowed = await access({ req: await createLocalReq({ user: user ?? undefined }, payload) } as never)
        if (!allowed) return refuse(res, user ? 403 : 401, user ? 'You are not allowed to upload here.' : 'You must be logged in to do that.')
      }
      next()
    } catch (error) {
      next(error)
    }
  }

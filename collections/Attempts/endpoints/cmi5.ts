/**
 * The fetch URL of a cmi5 launch (cmi5 spec 8.2):
 *
 *   POST /api/xapi/cmi5/fetch?k=<key>   → 200 {"auth-token": …} once per AU session
 *
 * The auth token is the LRS's launch token (cms/attempts/token.ts) as RFC 1945 Basic credentials,
 * so the AU sends `Authorization: Basic <auth-token>` to /api/xapi like any xAPI package. Every
 * answer is 200 JSON, errors too, as the spec asks: error-code 1 when the token was handed out
 * already or the session is over, 2 for a key that is wrong or a login that has ended. It lives
 * under /api/xapi for that path's CORS (the AU calls from the content origin).
 *
 *   GET, PUT, POST, DELETE /api/xapi/agents/profile   the learner preferences an AU reads at start
 *
 * The product keeps no agent profiles: a read finds none (404) and a write is declined with 403,
 * which cmi5 (section 11) lets an LMS answer and tells the AU not to take as an error.
 */
import { nullUnlessUnreachable } from '@cms/database/databaseErrors'
import type { Endpoint } from 'payload'

import { applyProgress, findAttempt, withAttemptLock } from '@cms/attempts/store'
import { issueLaunchToken, launchMessages, launchProblem } from '@cms/attempts/token'
import { readFetchKey } from '@cms/packages/cmi5/fetchKey'
import { cmi5UnitOf } from '@cms/packages/cmi5/launch'
import { recordOf } from '@cms/packages/cmi5/session'
import type { Activity } from '@cms/payload-types'
import { HttpError } from '@cms/http/endpointInput'
import { authenticate, XAPI_VERSION } from './xapi'

export const fetchMessages = {
  invalid: 'This fetch URL is not valid. Close the activity and open it again.',
  used: 'The authorization token has already been returned.',
  ended: 'This AU session has ended. Close the activity and open it again.',
} as const

const fetchError = (code: '1' | '2', text: string) =>
  Response.json({ 'error-code': code, 'error-text': text }, { status: 200, headers: { 'Cache-Control': 'no-store' } })

export const cmi5FetchEndpoint: Endpoint = {
  path: '/xapi/cmi5/fetch',
  method: 'post',
  handler: async (req) => {
    const value = new URL(req.url ?? 'http://localhost/').searchParams.get('k')
    const claims = value ? readFetchKey(req.payload.secret, value) : null
    if (!claims) return fetchError('2', fetchMessages.invalid)
    if (claims.e * 1000 <= Date.now()) return fetchError('1', fetchMessages.ended)
    const problem = await launchProblem(req.payload, claims)
    if (problem) return fetchError('2', launchMessages[problem])
    const activity = (await req.payload
      .findByID({ collection: 'activities', id: claims.a, depth: 0, overrideAccess: true, req, disableErrors: true })
      .catch(nullUnlessUnreachable)) as Activity | null
    if (!activity || !cmi5UnitOf(activity)) return fetchError('2', fetchMessages.invalid)
    return withAttemptLock(req, `${claims.u}:${claims.a}`, async () => {
      const doc = await findAttempt(req, claims.u, claims.a)
      const record = doc ? recordOf(doc.cmi5, String(doc.resume?.registration ?? '')) : null
      const session = record?.session
      if (!doc || !record || !session || session.id !== claims.k || session.abandoned || session.terminated) return fetchError('1', fetchMessages.ended)
      if (session.fetched) return fetchError('1', fetchMessages.used)
      await applyProgress(req, doc, null, null, { cmi5: { ...record, session: { ...session, fetched: true } } as never })
      const token = issueLaunchToken(req.payload.secret, claims.u, claims.a, Date.now(), { sid: claims.s, classroom: claims.c ?? null })
      return Response.json({ 'auth-token': Buffer.from(`launch:${token}`).toString('base64') }, { status: 200, headers: { 'Cache-Control': 'no-store' } })
    })
  },
}

const agentProfileRead: Endpoint = {
  path: '/xapi/agents/profile',
  method: 'get',
  handler: async (req) => {
    await authenticate(req)
    return new Response(null, { status: 404, headers: { 'X-Experience-API-Version': XAPI_VERSION } })
  },
}

const agentProfileWrite = (method: 'put' | 'post' | 'delete'): Endpoint => ({
  path: '/xapi/agents/profile',
  method,
  handler: async (req) => {
    await authenticate(req)
    throw new HttpError(403, 'The product keeps no learner preferences for packages.')
  },
})

export const cmi5Endpoints: Endpoint[] = [cmi5FetchEndpoint, agentProfileRead, agentProfileWrite('put'), agentProfileWrite('post'), agentProfileWrite('delete')]

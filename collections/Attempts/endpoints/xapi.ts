/**
 * A minimal Learning Record Store, enough for Storyline's xAPI driver (TinCanJS):
 *
 *   GET                    /api/xapi/about
 *   PUT, POST, GET         /api/xapi/statements
 *   GET, PUT, POST, DELETE /api/xapi/activities/state
 *
 * Every call but `about` needs the launch token a student's open handed the package
 * (`Authorization: Basic base64("launch:<token>")`): it names one student and one activity, and
 * everything read or written here is that attempt's. Statements are not stored as such: what they
 * say about the course (status, score) goes into the attempt, and their ids are answered. State
 * documents (Storyline's `bookmark`, `suspend_data`, `cumulative_time` …) are kept on the attempt
 * for resuming. Cross-origin calls come from the content origin (CORS in cms/http/expressApp.ts).
 */
import { nullUnlessUnreachable } from '@cms/database/databaseErrors'
import { createHash, randomUUID } from 'node:crypto'

import type { Endpoint, PayloadRequest } from 'payload'

import { fromStatement, type Reported, statementScoreProblem } from '@cms/attempts/report'
import { applyProgress, findAttempt, withAttemptLock } from '../../../cms/attempts/store'
import { launchMessages, launchProblem, tokenFromHeader, verifyLaunchToken } from '../../../cms/attempts/token'
import type { Activity, Attempt } from '../../../cms/payload-types'
import { HttpError } from '@cms/http/endpointInput'
import { launchDataWriteProblem } from '@cms/packages/cmi5/launch'
import { isCmi5Activity, recordCmi5Statements } from '@cms/packages/cmi5/statements'
import { publicUrl } from '@cms/config/env'

/** Parsed JSON from a package (statements, state documents): checked field by field where read. */
type Json = Record<string, any>

export const XAPI_VERSION = '1.0.3'
const MAX_STATE_DOC_CHARS = 256 * 1024
const MAX_STATE_TOTAL_CHARS = 1024 * 1024
const MAX_STATE_DOCS = 100

const headers = (extra: Record<string, string> = {}) => ({ 'X-Experience-API-Version': XAPI_VERSION, ...extra })
const answer = (body: unknown, status = 200) => Response.json(body, { status, headers: headers() })
const noContent = (extra: Record<string, string> = {}) => new Response(null, { status: 204, headers: headers(extra) })

const unauthorized = (reason: keyof typeof launchMessages = 'invalid') => new HttpError(401, launchMessages[reason])

interface Launch {
  attempt: Attempt
  activity: Activity
  courseId: string | null
  key: string
}

export const authenticate = async (req: PayloadRequest): Promise<Launch> => {
  const token = tokenFromHeader(req.headers.get('authorization'))
  const claims = token ? verifyLaunchToken(req.payload.secret, token) : null
  if (!claims) throw unauthorized()
  const problem = await launchProblem(req.payload, claims)
  if (problem) throw unauthorized(problem)
  const attempt = await findAttempt(req, claims.u, claims.a)
  if (!attempt) throw unauthorized()
  const activity = (await req.payload
    .findByID({ collection: 'activities', id: claims.a, depth: 0, overrideAccess: true, req, disableErrors: true })
    .catch(nullUnlessUnreachable)) as Activity | null
  if (!activity) throw unauthorized()
  return { attempt, activity, courseId: (activity.storyline?.xapiActivityId as string | null) ?? null, key: `${claims.u}:${claims.a}` }
}

const query = (req: PayloadRequest) => new URL(req.url ?? 'http://localhost/').searchParams

const readText = async (req: PayloadRequest): Promise<string> => {
  const text = (await req.text?.()) ?? ''
  return text
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON.')
  }
}

const isStatement = (s: unknown): s is Json =>
  Boolean(
    s && typeof s === 'object' && !Array.isArray(s) && typeof (s as Json).verb?.id === 'string' && (s as Json).object && typeof (s as Json).object === 'object',
  )

/** Folds what a batch of statements says into one report (the last word on status wins). */
const fold = (statements: Json[], courseId: string | null): Reported => {
  let report: Reported = { status: null, score: null }
  for (const statement of statements) {
    const next = fromStatement(statement, courseId)
    report = { status: next.status ?? report.status, score: next.score ?? report.score }
  }
  return report
}

const recordStatements = async (req: PayloadRequest, launch: Launch, statements: Json[]) => {
  // An LRS refuses a statement whose score is out of range (xAPI 1.0.3), so a wrong score is never stored.
  const problem = statements.map(statementScoreProblem).find(Boolean)
  if (problem) throw new HttpError(400, problem)
  await withAttemptLock(launch.key, async () => {
    const doc = (await findAttempt(req, launch.attempt.student, launch.attempt.activity)) ?? launch.attempt
    // A cmi5 AU's statements follow the cmi5 rules (cms/packages/cmi5/statements.ts).
    if (isCmi5Activity(launch.activity))
      return recordCmi5Statements(req, launch.activity, doc, statements, { homePage: publicUrl(), name: String(launch.attempt.student) })
    await applyProgress(req, doc, fold(statements, launch.courseId), doc.session?.key ?? null)
  })
}

const statementsPut: Endpoint = {
  path: '/xapi/statements',
  method: 'put',
  handler: async (req) => {
    const launch = await authenticate(req)
    const id = query(req).get('statementId')
    if (!id) throw new HttpError(400, 'PUT /statements needs a statementId parameter.')
    const statement = parseJson(await readText(req))
    if (!isStatement(statement)) throw new HttpError(400, 'The statement needs a verb and an object.')
    await recordStatements(req, launch, [statement])
    return noContent()
  },
}

const statementsPost: Endpoint = {
  path: '/xapi/statements',
  method: 'post',
  handler: async (req) => {
    const launch = await authenticate(req)
    const body = parseJson(await readText(req))
    const list = Array.isArray(body) ? body : [body]
    if (!list.length || list.length > 500 || !list.every(isStatement))
      throw new HttpError(400, 'Send a statement or a list of statements, each with a verb and an object.')
    const ids = list.map((s) => (typeof s.id === 'string' && s.id ? s.id : randomUUID()))
    await recordStatements(req, launch, list)
    return answer(ids)
  },
}

const statementsGet: Endpoint = {
  path: '/xapi/statements',
  method: 'get',
  handler: async (req) => {
    await authenticate(req)
    // Statements are not kept (see above); a query finds none.
    return answer({ statements: [], more: '' })
  },
}

const about: Endpoint = {
  path: '/xapi/about',
  method: 'get',
  handler: async () => answer({ version: [XAPI_VERSION, '1.0.2', '1.0.1', '1.0.0'] }),
}

// ---------------------------------------------------------------------------
// Activity state

type StateDoc = { contents: string; contentType: string; updated: string }
type StateMap = Record<string, StateDoc>

const stateParams = (req: PayloadRequest, needStateId: boolean) => {
  const params = query(req)
  const activityId = params.get('activityId')
  const stateId = params.get('stateId')
  if (!activityId || activityId.length > 2000) throw new HttpError(400, 'The activityId parameter is required.')
  if (needStateId && !stateId) throw new HttpError(400, 'The stateId parameter is required.')
  if (stateId && stateId.length > 500) throw new HttpError(400, 'The stateId is too long.')
  const registration = params.get('registration') ?? ''
  return { activityId, stateId, registration, prefix: `${registration}|${activityId}|` }
}

const etag = (contents: string) => `"${createHash('sha1').update(contents).digest('hex')}"`

const stateOf = (doc: Json): StateMap => {
  const state = doc.resume?.xapiState
  return state && typeof state === 'object' && !Array.isArray(state) ? { ...(state as StateMap) } : {}
}

const saveState = async (req: PayloadRequest, launch: Launch, change: (state: StateMap) => StateMap) => {
  await withAttemptLock(launch.key, async () => {
    const doc = (await findAttempt(req, launch.attempt.student, launch.attempt.activity)) ?? launch.attempt
    const state = change(stateOf(doc))
    const total = Object.values(state).reduce((n, d) => n + d.contents.length, 0)
    if (total > MAX_STATE_TOTAL_CHARS || Object.keys(state).length > MAX_STATE_DOCS) {
      throw new HttpError(413, 'The saved state of this activity is too large.')
    }
    // Saving state is the package at work: it counts as time in the open session.
    await applyProgress(req, doc, { status: null, score: null }, doc.session?.key ?? null, { resume: { ...(doc.resume ?? {}), xapiState: state } })
  })
}

const stateGet: Endpoint = {
  path: '/xapi/activities/state',
  method: 'get',
  handler: async (req) => {
    const launch = await authenticate(req)
    const { stateId, prefix } = stateParams(req, false)
    const state = stateOf(launch.attempt)
    if (!stateId)
      return answer(
        Object.keys(state)
          .filter((k) => k.startsWith(prefix))
          .map((k) => k.slice(prefix.length)),
      )
    const found = state[prefix + stateId]
    if (!found) return new Response(null, { status: 404, headers: headers() })
    return new Response(found.contents, {
      status: 200,
      headers: headers({ 'Content-Type': found.contentType, ETag: etag(found.contents), 'Last-Modified': new Date(found.updated).toUTCString() }),
    })
  },
}

const writeState =
  (merge: boolean): Endpoint['handler'] =>
  async (req) => {
    const launch = await authenticate(req)
    const { stateId, prefix } = stateParams(req, true)
    const refused = launchDataWriteProblem(launch.activity, stateId)
    if (refused) throw new HttpError(403, refused)
    const contents = await readText(req)
    if (contents.length > MAX_STATE_DOC_CHARS) throw new HttpError(413, 'The state document is too large.')
    const contentType = (req.headers.get('content-type') || 'application/octet-stream').slice(0, 200)
    await saveState(req, launch, (state) => {
      const key = prefix + stateId
      let next = contents
      const previous = state[key]
      if (merge && previous) {
        const a = safeJson(previous.contents)
        const b = safeJson(contents)
        if (!isObject(a) || !isObject(b)) throw new HttpError(400, 'POST merges JSON objects only; use PUT to replace the document.')
        next = JSON.stringify({ ...a, ...b })
      }
      return { ...state, [key]: { contents: next, contentType, updated: new Date().toISOString() } }
    })
    return noContent()
  }

const safeJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v)

const stateDelete: Endpoint = {
  path: '/xapi/activities/state',
  method: 'delete',
  handler: async (req) => {
    const launch = await authenticate(req)
    const { stateId, prefix } = stateParams(req, false)
    const refused = launchDataWriteProblem(launch.activity, stateId)
    if (refused) throw new HttpError(403, refused)
    await saveState(req, launch, (state) =>
      Object.fromEntries(Object.entries(state).filter(([key]) => (stateId ? key !== prefix + stateId : !key.startsWith(prefix)))),
    )
    return noContent()
  },
}

export const xapiEndpoints: Endpoint[] = [
  about,
  statementsPut,
  statementsPost,
  statementsGet,
  stateGet,
  { path: '/xapi/activities/state', method: 'put', handler: writeState(false) },
  { path: '/xapi/activities/state', method: 'post', handler: writeState(true) },
  stateDelete,
]

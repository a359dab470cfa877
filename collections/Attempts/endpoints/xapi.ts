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
 * say about the course (status, score) goes into the attempt, and their ids are kept so that each
 * is recorded once. State documents (Storyline's `bookmark`, `suspend_data`, `cumulative_time` …)
 * are kept on the attempt for resuming, written over the version a request names (If-Match).
 * See docs/adr/xapi-state-concurrency.md. Cross-origin calls come from the content origin (CORS in cms/http/expressApp.ts).
 */
import { nullUnlessUnreachable } from '@cms/database/databaseErrors'
import { createHash, randomUUID } from 'node:crypto'

import type { Endpoint, PayloadRequest } from 'payload'

import { betterResult, emptyScore, fromStatement, type Reported, statementScoreProblem } from '@cms/attempts/report'
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

/** Folds what a batch of statements says into one report: the best result among them (report.ts, `betterResult`). */
const fold = (statements: Json[], courseId: string | null): Reported => {
  let best: Reported = { status: null, score: null }
  for (const statement of statements) {
    const next = fromStatement(statement, courseId)
    if (!next.status && !next.score) continue
    if (!best.status && !best.score) {
      best = next
      continue
    }
    const kept = betterResult({ status: best.status ?? 'not-attempted', score: best.score ?? emptyScore }, next)
    best = { status: kept.status, score: kept.score }
  }
  return best
}

/** How many statement ids an attempt remembers (the newest), to recognise a statement sent again. */
const STATEMENT_IDS_KEPT = 2000

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Object keys in one order, so the same statement always digests the same. */
const canonical = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(canonical)
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Json)[key])]),
    )
  return value
}

/**
 * A digest of what a statement says, without what an LRS sets or may change itself (its id,
 * authority, stored time and version), for comparing it with one sent before under the same id.
 */
const digestOf = (statement: Json) => {
  const { id: _id, authority: _authority, stored: _stored, version: _version, ...said } = statement
  return createHash('sha256')
    .update(JSON.stringify(canonical(said)))
    .digest('base64url')
    .slice(0, 22)
}

const receivedStatements = (doc: Attempt): string[] =>
  Array.isArray(doc.statementsReceived) ? (doc.statementsReceived as unknown[]).filter((e): e is string => typeof e === 'string') : []

/**
 * Records a batch of statements: each id is recorded once (xAPI 1.0.3, "PUT Statements"): a
 * statement sent again with the same id and content changes nothing, one with the same id and
 * other content is refused with 409 and nothing of the batch is recorded.
 */
const recordStatements = async (req: PayloadRequest, launch: Launch, statements: Json[], ids: (string | null)[]) => {
  // An LRS refuses a statement whose score is out of range (xAPI 1.0.3), so a wrong score is never stored.
  const problem = statements.map(statementScoreProblem).find(Boolean)
  if (problem) throw new HttpError(400, problem)
  await withAttemptLock(req, launch.key, async () => {
    const doc = (await findAttempt(req, launch.attempt.student, launch.attempt.activity)) ?? launch.attempt
    const received = receivedStatements(doc)
    const known = new Map(received.map((entry) => entry.split(' ') as [string, string]))
    const fresh: Json[] = []
    const added: string[] = []
    statements.forEach((statement, i) => {
      const id = ids[i]
      if (!id) return fresh.push(statement)
      const digest = digestOf(statement)
      const before = known.get(id)
      if (before === undefined) {
        fresh.push(statement)
        added.push(`${id} ${digest}`)
      } else if (before !== digest) {
        throw new HttpError(409, `A different statement was already recorded with the id ${id}.`)
      }
    })
    if (!fresh.length) return
    const extra = added.length ? { statementsReceived: [...received, ...added].slice(-STATEMENT_IDS_KEPT) } : {}
    // A cmi5 AU's statements follow the cmi5 rules (cms/packages/cmi5/statements.ts).
    if (isCmi5Activity(launch.activity))
      return recordCmi5Statements(req, launch.activity, doc, fresh, { homePage: publicUrl(), name: String(launch.attempt.student) }, extra)
    await applyProgress(req, doc, fold(fresh, launch.courseId), doc.session?.key ?? null, extra)
  })
}

/** A statement id as given (a UUID, xAPI 1.0.3 "Id"), lower-cased to compare, or a 400. */
const statementId = (value: unknown): string => {
  if (typeof value !== 'string' || !uuidPattern.test(value)) throw new HttpError(400, 'A statement id must be a UUID.')
  return value.toLowerCase()
}

const statementsPut: Endpoint = {
  path: '/xapi/statements',
  method: 'put',
  handler: async (req) => {
    const launch = await authenticate(req)
    const given = query(req).get('statementId')
    if (!given) throw new HttpError(400, 'PUT /statements needs a statementId parameter.')
    const id = statementId(given)
    const statement = parseJson(await readText(req))
    if (!isStatement(statement)) throw new HttpError(400, 'The statement needs a verb and an object.')
    if (statement.id !== undefined && statementId(statement.id) !== id) throw new HttpError(400, 'The statement id differs from the statementId parameter.')
    await recordStatements(req, launch, [statement], [id])
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
    const given = list.map((s) => (s.id === undefined ? null : statementId(s.id)))
    if (new Set(given.filter(Boolean)).size !== given.filter(Boolean).length) throw new HttpError(400, 'Two statements of the batch have the same id.')
    await recordStatements(req, launch, list, given)
    return answer(given.map((id) => id ?? randomUUID()))
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
  await withAttemptLock(req, launch.key, async () => {
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

/** The entity tags of an If-Match or If-None-Match header, without quotes or the weak mark. */
const tagsOf = (header: string) =>
  header
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter(Boolean)

export const preconditionMessage = 'The state document is not the one this request expects (If-Match / If-None-Match): read it again and send its ETag.'

/**
 * xAPI 1.0.3, "Concurrency": a write with If-Match goes through only when the document exists
 * with one of those ETags (or any, for "*"); one with If-None-Match only when it does not (for
 * "*") or has none of them; otherwise 412 and no change. Checked under the attempt's lock, against
 * the document as stored. A write with neither header goes through: the State Resource permits
 * that (docs/adr/xapi-state-concurrency.md).
 */
const checkPreconditions = (req: PayloadRequest, existing: StateDoc | undefined) => {
  const current = existing ? etag(existing.contents).slice(1, -1) : null
  const ifMatch = req.headers.get('if-match')
  if (ifMatch !== null) {
    const tags = tagsOf(ifMatch)
    if (!current || !(tags.includes('*') || tags.includes(current))) throw new HttpError(412, preconditionMessage)
  }
  const ifNoneMatch = req.headers.get('if-none-match')
  if (ifNoneMatch !== null && current) {
    const tags = tagsOf(ifNoneMatch)
    if (tags.includes('*') || tags.includes(current)) throw new HttpError(412, preconditionMessage)
  }
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
    let written = ''
    await saveState(req, launch, (state) => {
      const key = prefix + stateId
      let next = contents
      const previous = state[key]
      checkPreconditions(req, previous)
      if (merge && previous) {
        const a = safeJson(previous.contents)
        const b = safeJson(contents)
        if (!isObject(a) || !isObject(b)) throw new HttpError(400, 'POST merges JSON objects only; use PUT to replace the document.')
        next = JSON.stringify({ ...a, ...b })
      }
      written = next
      return { ...state, [key]: { contents: next, contentType, updated: new Date().toISOString() } }
    })
    return noContent({ ETag: etag(written) })
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
    await saveState(req, launch, (state) => {
      if (stateId) checkPreconditions(req, state[prefix + stateId])
      return Object.fromEntries(Object.entries(state).filter(([key]) => (stateId ? key !== prefix + stateId : !key.startsWith(prefix))))
    })
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

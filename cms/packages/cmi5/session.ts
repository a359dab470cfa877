/**
 * The cmi5 rules an LMS keeps (cmi5 spec, "quartz": sections 8–10), as pure functions over the
 * record the attempt keeps (`attempt.cmi5`): one registration, its AU session, what the AU said in
 * it, and the statements the LMS wrote itself (launched, abandoned, satisfied). No database here:
 * cms/packages/cmi5/launch.ts and collections/Attempts/endpoints/cmi5.ts read and write the record.
 */
import { randomUUID } from 'node:crypto'

import type { AttemptStatus } from '@collections/Attempts'
import type { Score } from '@cms/attempts/report'
import type { Cmi5Unit, MoveOn } from './courseStructure'

type Json = Record<string, any>

export const VERB = {
  launched: 'http://adlnet.gov/expapi/verbs/launched',
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
  abandoned: 'https://w3id.org/xapi/adl/verbs/abandoned',
  waived: 'https://w3id.org/xapi/adl/verbs/waived',
  satisfied: 'https://w3id.org/xapi/adl/verbs/satisfied',
  voided: 'http://adlnet.gov/expapi/verbs/voided',
} as const

export const CATEGORY_CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5'
export const CATEGORY_MOVEON = 'https://w3id.org/xapi/cmi5/context/categories/moveon'
const EXTENSION = 'https://w3id.org/xapi/cmi5/context/extensions/'
export const SESSION_ID = `${EXTENSION}sessionid`
const COURSE_TYPE = 'https://w3id.org/xapi/cmi5/activitytype/course'

/** The state document the LMS writes before each launch; the AU may read it, never change it. */
export const LAUNCH_DATA = 'LMS.LaunchData'

/** The verbs an AU sends in cmi5 defined statements; the others are the LMS's. */
const auVerbs: readonly string[] = [VERB.initialized, VERB.completed, VERB.passed, VERB.failed, VERB.terminated]
const lmsVerbs: readonly string[] = [VERB.launched, VERB.abandoned, VERB.waived, VERB.satisfied]

export interface Cmi5Session {
  id: string
  launchedAt: string
  /** When the AU last sent a statement (or the launch), for the abandoned statement's duration. */
  lastAt: string
  fetched: boolean
  initialized: boolean
  terminated: boolean
  abandoned: boolean
  /** The cmi5 defined verbs the AU sent in this session. */
  verbs: string[]
}

export interface Cmi5Record {
  registration: string
  /** The AU's activity id in this LMS (the launch's `activityId`), not the publisher's. */
  activityId: string
  actor: Json
  completed: boolean
  passed: boolean
  failed: boolean
  satisfied: boolean
  score: Score | null
  session: Cmi5Session | null
  /** What the LMS wrote in this registration, oldest first (at most MAX_LMS_STATEMENTS). */
  statements: Json[]
}

const MAX_LMS_STATEMENTS = 50

/** The record as stored, or null when it is missing or not one (a new registration starts a new record). */
export const recordOf = (value: unknown, registration: string): Cmi5Record | null => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const record = value as Cmi5Record
  return record.registration === registration && typeof record.activityId === 'string' ? record : null
}

/** The AU's activity id in this product: stable per activity, never the publisher's id (spec 8.1.5). */
export const auActivityId = (publicUrl: string, activityId: unknown) => `${publicUrl}/cmi5/activities/${encodeURIComponent(String(activityId))}`

/** An ISO 8601 duration of whole seconds (xAPI result.duration). */
const duration = (from: string, to: string) => `PT${Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / 1000))}S`

const contextTemplate = (unit: Cmi5Unit, sessionId: string): Json => ({
  contextActivities: { grouping: [{ id: unit.publisherId, objectType: 'Activity' }] },
  extensions: { [SESSION_ID]: sessionId },
})

/** A statement the LMS writes about the AU (launched, abandoned) or, satisfied, about the course. */
const lmsStatement = (record: Cmi5Record, unit: Cmi5Unit, sessionId: string, verb: string, at: string, extra: Json = {}): Json => {
  const template = contextTemplate(unit, sessionId)
  const name = verb.split('/').pop() as string
  return {
    id: randomUUID(),
    timestamp: at,
    actor: record.actor,
    verb: { id: verb, display: { 'en-US': name } },
    object: extra.object ?? { id: record.activityId, objectType: 'Activity' },
    ...(extra.result ? { result: extra.result } : {}),
    context: {
      registration: record.registration,
      contextActivities: { ...template.contextActivities, category: [{ id: CATEGORY_CMI5 }] },
      extensions: { ...template.extensions, ...(extra.extensions ?? {}) },
    },
  }
}

const withStatements = (record: Cmi5Record, ...statements: Json[]): Cmi5Record => ({
  ...record,
  statements: [...record.statements, ...statements].slice(-MAX_LMS_STATEMENTS),
})

/** Ends the open session without "terminated": the LMS writes "abandoned" (spec 9.3.6), once. */
export const abandonSession = (record: Cmi5Record, unit: Cmi5Unit, at: string): Cmi5Record => {
  const session = record.session
  if (!session || session.terminated || session.abandoned) return record
  const abandoned = lmsStatement(record, unit, session.id, VERB.abandoned, at, { result: { duration: duration(session.launchedAt, session.lastAt) } })
  return withStatements({ ...record, session: { ...session, abandoned: true } }, abandoned)
}

/** Whether the AU has met its moveOn criteria (course structure, AU metadata). */
export const moveOnMet = (moveOn: MoveOn, record: Pick<Cmi5Record, 'completed' | 'passed'>): boolean => {
  switch (moveOn) {
    case 'Passed':
      return record.passed
    case 'Completed':
      return record.completed
    case 'CompletedAndPassed':
      return record.completed && record.passed
    case 'CompletedOrPassed':
      return record.completed || record.passed
    case 'NotApplicable':
      return true
  }
}

/** Writes "satisfied" about the course the first time the moveOn criteria are met in a registration. */
const satisfy = (record: Cmi5Record, unit: Cmi5Unit, sessionId: string, at: string): Cmi5Record => {
  if (record.satisfied || !moveOnMet(unit.moveOn, record)) return record
  const object = { id: `${record.activityId}/course`, objectType: 'Activity', definition: { type: COURSE_TYPE } }
  return withStatements({ ...record, satisfied: true }, lmsStatement(record, unit, sessionId, VERB.satisfied, at, { object }))
}

/**
 * The AU is about to be launched in session `sessionId`: an open session of the same registration
 * is abandoned, then "launched" is written with the launch's context (spec 9.3.1, 9.6.3), and an
 * AU whose moveOn is NotApplicable is satisfied at once (spec 9.6.1).
 */
export const startSession = (
  previous: Cmi5Record | null,
  base: Pick<Cmi5Record, 'registration' | 'activityId' | 'actor'>,
  unit: Cmi5Unit,
  sessionId: string,
  launchUrl: string,
  at: string,
): Cmi5Record => {
  let record: Cmi5Record = previous
    ? abandonSession({ ...previous, actor: base.actor }, unit, at)
    : { ...base, completed: false, passed: false, failed: false, satisfied: false, score: null, session: null, statements: [] }
  record = {
    ...record,
    session: { id: sessionId, launchedAt: at, lastAt: at, fetched: false, initialized: false, terminated: false, abandoned: false, verbs: [] },
  }
  const extensions: Json = {
    [`${EXTENSION}launchmode`]: 'Normal',
    [`${EXTENSION}launchurl`]: launchUrl,
    [`${EXTENSION}moveon`]: unit.moveOn,
    ...(unit.masteryScore !== null ? { [`${EXTENSION}masteryscore`]: unit.masteryScore } : {}),
    ...(unit.launchParameters ? { [`${EXTENSION}launchparameters`]: unit.launchParameters } : {}),
  }
  record = withStatements(record, lmsStatement(record, unit, sessionId, VERB.launched, at, { extensions }))
  return satisfy(record, unit, sessionId, at)
}

/** The LMS.LaunchData document (spec 10.0) for the session. */
export const launchData = (unit: Cmi5Unit, sessionId: string): Json => ({
  contextTemplate: contextTemplate(unit, sessionId),
  launchMode: 'Normal',
  moveOn: unit.moveOn,
  ...(unit.masteryScore !== null ? { masteryScore: unit.masteryScore } : {}),
  ...(unit.launchParameters ? { launchParameters: unit.launchParameters } : {}),
  ...(unit.entitlementKey ? { entitlementKey: { courseStructure: unit.entitlementKey } } : {}),
})

/** Why the LMS refuses a statement: 403 when it is not this launch's to send, 400 when it breaks a cmi5 rule. */
export class Cmi5Refusal extends Error {
  constructor(
    readonly status: 400 | 403,
    message: string,
  ) {
    super(message)
  }
}

const ids = (list: unknown): string[] => (Array.isArray(list) ? list.map((a) => (a && typeof a === 'object' ? String((a as Json).id ?? '') : '')) : [])

const isObject = (value: unknown): value is Json => Boolean(value) && typeof value === 'object' && !Array.isArray(value)

const verbName = (verb: string) => verb.split('/').pop() as string

/** The result rules of cmi5 defined statements (spec 9.5): what each verb must and must not carry. */
const resultProblem = (verb: string, statement: Json, unit: Cmi5Unit): string | null => {
  const result = isObject(statement.result) ? statement.result : {}
  const name = verbName(verb)
  const judged = verb === VERB.passed || verb === VERB.failed
  if (result.score !== undefined && !judged) return `A "${name}" statement carries no score; only "passed" and "failed" do.`
  if (verb === VERB.passed && result.success !== true) return 'A "passed" statement needs result.success true.'
  if (verb === VERB.failed && result.success !== false) return 'A "failed" statement needs result.success false.'
  if (!judged && result.success !== undefined) return `A "${name}" statement carries no result.success.`
  if (verb === VERB.completed && result.completion !== true) return 'A "completed" statement needs result.completion true.'
  if (verb !== VERB.completed && result.completion !== undefined) return `A "${name}" statement carries no result.completion.`
  if (verb !== VERB.initialized && typeof result.duration !== 'string') return `A "${name}" statement needs result.duration.`
  const moveOnCategory = ids(statement.context?.contextActivities?.category).includes(CATEGORY_MOVEON)
  const decides = result.success !== undefined || result.completion !== undefined
  if (decides && !moveOnCategory) return `A "${name}" statement needs the moveon category activity.`
  if (!decides && moveOnCategory) return `A "${name}" statement does not carry the moveon category activity.`
  const scaled = isObject(result.score) && typeof result.score.scaled === 'number' ? result.score.scaled : null
  if (unit.masteryScore !== null && scaled !== null) {
    if (verb === VERB.passed && scaled < unit.masteryScore) return `A "passed" statement's scaled score must reach the mastery score ${unit.masteryScore}.`
    if (verb === VERB.failed && scaled >= unit.masteryScore) return `A "failed" statement's scaled score must be below the mastery score ${unit.masteryScore}.`
  }
  return null
}

const scoreOf = (statement: Json): Score | null => {
  const s = isObject(statement.result?.score) ? statement.result.score : null
  if (!s) return null
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)
  const raw = num(s.raw)
  const min = num(s.min)
  const max = num(s.max)
  let scaled = num(s.scaled)
  if (scaled === null && raw !== null && max !== null && max > (min ?? 0)) scaled = Math.round(((raw - (min ?? 0)) / (max - (min ?? 0))) * 10000) / 10000
  return raw === null && scaled === null ? null : { raw, min, max, scaled }
}

/**
 * Applies a batch of statements from the AU to the record, in order, or throws a Cmi5Refusal for
 * the first one the LMS must refuse (the batch is then stored not at all, as xAPI asks of a batch).
 * `learner` is the account name the launch's actor carries.
 */
export const acceptStatements = (
  record: Cmi5Record,
  unit: Cmi5Unit,
  learner: { homePage: string; name: string },
  statements: Json[],
  at: string,
): Cmi5Record => {
  let next: Cmi5Record = { ...record, session: record.session ? { ...record.session, verbs: [...record.session.verbs] } : null }
  for (const statement of statements) {
    const account = statement.actor?.account
    if (!isObject(account) || account.name !== learner.name || account.homePage !== learner.homePage)
      throw new Cmi5Refusal(403, "The statement's actor is not the learner this AU was launched for.")
    const context = isObject(statement.context) ? statement.context : {}
    if (context.registration !== next.registration) throw new Cmi5Refusal(403, "The statement's context.registration is not this launch's registration.")
    const session = next.session
    if (!session || context.extensions?.[SESSION_ID] !== session.id) throw new Cmi5Refusal(403, "The statement's session id is not the AU's open session.")
    if (session.abandoned) throw new Cmi5Refusal(403, 'This AU session was abandoned; it records nothing more.')
    if (session.terminated) throw new Cmi5Refusal(403, 'This AU session has terminated; it records nothing more.')
    const verb = String(statement.verb?.id ?? '')
    if (verb === VERB.voided) throw new Cmi5Refusal(403, 'An AU may not void statements.')
    if (lmsVerbs.includes(verb)) throw new Cmi5Refusal(403, `Only the LMS sends "${verbName(verb)}" statements.`)
    const defined = ids(context.contextActivities?.category).includes(CATEGORY_CMI5)
    if (!session.initialized && !(defined && verb === VERB.initialized))
      throw new Cmi5Refusal(400, 'The first statement of an AU session must be the cmi5 "initialized" statement.')
    if (defined) {
      if (!auVerbs.includes(verb)) throw new Cmi5Refusal(400, `The cmi5 category is for cmi5 verbs only, not ${JSON.stringify(verb)}.`)
      const name = verbName(verb)
      if (statement.object?.id !== next.activityId) throw new Cmi5Refusal(400, `A cmi5 "${name}" statement's object must be the AU (the launch's activityId).`)
      if (!ids(context.contextActivities?.grouping).includes(unit.publisherId))
        throw new Cmi5Refusal(400, `A cmi5 "${name}" statement must carry the contextTemplate's grouping (the AU's publisher id).`)
      if (session.verbs.includes(verb)) throw new Cmi5Refusal(400, `"${name}" was already sent in this AU session.`)
      if ((verb === VERB.passed && session.verbs.includes(VERB.failed)) || (verb === VERB.failed && session.verbs.includes(VERB.passed)))
        throw new Cmi5Refusal(400, 'An AU session sends "passed" or "failed", not both.')
      if (verb === VERB.completed && next.completed) throw new Cmi5Refusal(400, '"completed" was already sent in this registration.')
      if (verb === VERB.passed && next.passed) throw new Cmi5Refusal(400, '"passed" was already sent in this registration.')
      if (verb === VERB.failed && next.passed) throw new Cmi5Refusal(400, '"failed" may not follow "passed" in a registration.')
      const problem = resultProblem(verb, statement, unit)
      if (problem) throw new Cmi5Refusal(400, problem)
      session.verbs.push(verb)
      if (verb === VERB.initialized) session.initialized = true
      if (verb === VERB.terminated) session.terminated = true
      if (verb === VERB.completed) next.completed = true
      if (verb === VERB.passed || verb === VERB.failed) {
        next = { ...next, passed: next.passed || verb === VERB.passed, failed: next.failed || verb === VERB.failed, score: scoreOf(statement) ?? next.score }
      }
    }
    session.lastAt = at
    next = satisfy(next, unit, session.id, at)
  }
  return next
}

/**
 * What the teacher's grid shows for the registration: once moveOn is met, passed (or failed, or
 * completed); before that, failed when the AU said so and in progress otherwise. A "completed"
 * that moveOn Passed does not count leaves the AU in progress.
 */
export const statusOf = (record: Pick<Cmi5Record, 'completed' | 'passed' | 'failed' | 'satisfied'>): AttemptStatus => {
  if (record.satisfied) return record.passed ? 'passed' : record.failed ? 'failed' : 'completed'
  return record.failed && !record.passed ? 'failed' : 'incomplete'
}

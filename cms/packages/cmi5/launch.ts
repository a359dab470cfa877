/**
 * Launching a cmi5 AU (cmi5 spec 8.0 and 10.0), after the student's open (cms/attempts/store.ts)
 * has given the attempt its session and registration:
 *
 * 1. an open session of the same registration is abandoned, "launched" is written (and
 *    "satisfied" for moveOn NotApplicable) on the attempt's cmi5 record;
 * 2. the LMS.LaunchData state document is written where the LRS keeps the attempt's state
 *    (collections/Attempts/endpoints/xapi.ts), so the AU reads it from the LRS;
 * 3. the launch URL's parameters come back: endpoint, fetch (a one-time URL for the auth token,
 *    collections/Attempts/endpoints/cmi5.ts), actor, registration and activityId.
 */
import type { PayloadRequest } from 'payload'

import { publicUrl } from '@cms/config/env'
import { applyProgress, findAttempt, withAttemptLock } from '@cms/attempts/store'
import type { Activity, Attempt, User } from '@cms/payload-types'
import type { Cmi5Unit } from './courseStructure'
import { issueFetchKey } from './fetchKey'
import { auActivityId, type Cmi5Record, LAUNCH_DATA, abandonSession, launchData, recordOf, startSession, statusOf } from './session'

type Json = Record<string, any>

/** The AU's launch data kept on the activity at upload, or null for any other package. */
export const cmi5UnitOf = (activity: Pick<Activity, 'storyline'>): Cmi5Unit | null => {
  const unit = activity.storyline?.standard === 'cmi5' ? (activity.storyline.cmi5 as Cmi5Unit | null | undefined) : null
  return unit && typeof unit === 'object' && typeof unit.publisherId === 'string' ? unit : null
}

/** The key under which the LRS keeps a state document of the attempt (as collections/Attempts/endpoints/xapi.ts reads it). */
export const stateKey = (registration: string, activityId: string, stateId: string) => `${registration}|${activityId}|${stateId}`

export interface Cmi5LaunchParams extends Record<string, string> {
  endpoint: string
  fetch: string
  actor: string
  registration: string
  activityId: string
}

/**
 * Prepares the launch of the AU for the student's open session `sessionKey` and answers the
 * launch URL's parameters. `origin` is the product's address the student uses; `launchUrl` the
 * AU's URL without parameters (for the "launched" statement).
 */
export const prepareCmi5Launch = async (
  req: PayloadRequest,
  user: User,
  activity: Activity,
  unit: Cmi5Unit,
  sessionKey: string,
  actor: Json,
  origin: string,
  launchUrl: string,
): Promise<Cmi5LaunchParams> => {
  const activityId = auActivityId(publicUrl(), activity.id)
  const registration = await withAttemptLock(req, `${user.id}:${activity.id}`, async () => {
    const doc = await findAttempt(req, user.id, activity.id)
    const registration = doc?.resume?.registration
    if (!doc || !registration) throw new Error('A cmi5 launch needs the attempt the open made, with its registration.')
    const at = new Date().toISOString()
    const record = startSession(recordOf(doc.cmi5, registration), { registration, activityId, actor }, unit, sessionKey, launchUrl, at)
    const state = { ...((doc.resume?.xapiState as Json | null) ?? {}) }
    state[stateKey(registration, activityId, LAUNCH_DATA)] = {
      contents: JSON.stringify(launchData(unit, sessionKey)),
      contentType: 'application/json',
      updated: at,
    }
    const reported = record.satisfied ? { status: statusOf(record), score: record.score } : null
    await applyProgress(req, doc, reported, null, { resume: { ...(doc.resume ?? {}), xapiState: state }, cmi5: record as never })
    return registration
  })
  const key = issueFetchKey(req.payload.secret, {
    u: String(user.id),
    a: String(activity.id),
    k: sessionKey,
    s: (req.user as { _sid?: string } | null)?._sid,
    c: idText(user.attributes?.classroom),
  })
  return {
    endpoint: `${origin}/api/xapi/`,
    fetch: `${origin}/api/xapi/cmi5/fetch?k=${encodeURIComponent(key)}`,
    actor: JSON.stringify(actor),
    registration,
    activityId,
  }
}

const idText = (value: unknown): string | null => {
  const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : value
  return id === undefined || id === null ? null : String(id)
}

/**
 * The student closed the activity: a session that ended without "terminated" is abandoned.
 * Answers the record to store, or undefined when there is nothing to change.
 */
export const closedSessionRecord = (
  activity: Pick<Activity, 'storyline'>,
  doc: Pick<Attempt, 'cmi5' | 'resume'>,
  sessionKey: string,
): Cmi5Record | undefined => {
  const unit = cmi5UnitOf(activity)
  const record = unit ? recordOf(doc.cmi5, String(doc.resume?.registration ?? '')) : null
  if (!unit || !record || record.session?.id !== sessionKey) return undefined
  const next = abandonSession(record, unit, new Date().toISOString())
  return next === record ? undefined : next
}

/** The AU may read LMS.LaunchData but never write or delete it (spec 10.2.1): a 403 message, or null. */
export const launchDataWriteProblem = (activity: Pick<Activity, 'storyline'>, stateId: string | null): string | null =>
  cmi5UnitOf(activity) && stateId === LAUNCH_DATA ? 'LMS.LaunchData is written by the LMS; an AU may read it but not change it.' : null

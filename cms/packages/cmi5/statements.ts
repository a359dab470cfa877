/**
 * Statements an AU sends to the LRS during a cmi5 launch (collections/Attempts/endpoints/xapi.ts
 * hands them here when the activity is a cmi5 package): checked against the cmi5 rules of the
 * attempt's record (cms/packages/cmi5/session.ts), then what they say goes into the attempt.
 */
import type { PayloadRequest } from 'payload'

import { HttpError } from '@cms/http/endpointInput'
import { applyProgress } from '@cms/attempts/store'
import type { Activity, Attempt } from '@cms/payload-types'
import { cmi5UnitOf } from './launch'
import { acceptStatements, Cmi5Refusal, recordOf, statusOf } from './session'

type Json = Record<string, any>

/** Whether the activity's statements follow the cmi5 rules (its package is a cmi5 AU). */
export const isCmi5Activity = (activity: Pick<Activity, 'storyline'>) => cmi5UnitOf(activity) !== null

/**
 * Records a batch of the AU's statements on the attempt `doc` (read under the attempt's lock), or
 * refuses the whole batch: 403 when the statement is not this launch's to send (another learner,
 * registration or session, a session that ended), 400 when it breaks a cmi5 rule.
 */
export const recordCmi5Statements = async (
  req: PayloadRequest,
  activity: Activity,
  doc: Attempt,
  statements: Json[],
  learner: { homePage: string; name: string },
  extra: Record<string, unknown> = {},
) => {
  const unit = cmi5UnitOf(activity)
  const record = recordOf(doc.cmi5, String(doc.resume?.registration ?? ''))
  if (!unit || !record) throw new HttpError(403, 'This activity has no open cmi5 launch. Close it and open it again.')
  let next
  try {
    next = acceptStatements(record, unit, learner, statements, new Date().toISOString())
  } catch (error) {
    if (error instanceof Cmi5Refusal) throw new HttpError(error.status, error.message)
    throw error
  }
  await applyProgress(req, doc, { status: statusOf(next), score: next.score }, doc.session?.key ?? null, { ...extra, cmi5: next as never })
}

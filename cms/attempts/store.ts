/**
 * Reading and writing attempts for the endpoints (open, save, xAPI). Always with the server's
 * rights (overrideAccess) and always scoped to one student and one activity that the caller has
 * already established; answers to users go back through `readOwnAttempt`, which applies the
 * collection's read access.
 */
import { randomUUID } from 'node:crypto'

import type { PayloadRequest } from 'payload'

import { idOf } from '@common/ids'
import type { AttemptStatus } from '../../collections/Attempts'
import type { Activity, Attempt, User } from '../payload-types'
import type { Standard } from '../packages/storyline/launch'
import { type AttemptState, betterResult, emptyScore, isFinished, type Reported, type Result, resumes, type Score, sessionSeconds } from './report'
import { now } from './clock'
import { issueSession } from './sessions'
import { inProcessTurn } from '../database/advisoryLock'
import { inTransaction } from './transaction'

type AttemptWrite = Partial<Omit<Attempt, 'resume'>> & { resume?: Attempt['resume'] }

/** The first key of PostgreSQL's two-key advisory locks that attempts take (the second is the attempt's). */
const ATTEMPT_LOCK_CLASS = 1

type DrizzleSessions = { sessions?: Record<string, { db: { execute: (query: unknown) => Promise<unknown> } }> }

/** Holds the attempt's advisory lock until the request's transaction ends (commit or rollback). */
const lockInDatabase = async (req: PayloadRequest, key: string) => {
  const id = await req.transactionID
  const session = (req.payload.db as unknown as DrizzleSessions).sessions?.[String(id)]
  if (!session) throw new Error('The attempt lock needs a database transaction.')
  const { sql } = await import('@payloadcms/db-postgres/drizzle')
  await session.db.execute(sql`select pg_advisory_xact_lock(${ATTEMPT_LOCK_CLASS}::int, hashtext(${key}))`)
}

/**
 * Runs a read-modify-write of one attempt (its result, resume state, JSON state documents) with
 * every other write to it waiting, in every instance: on PostgreSQL in one transaction that holds
 * an advisory lock on the student and activity (taken before the attempt exists, so the first
 * open is covered too) until it commits; SQLite is one process's file, where the queue of this
 * process is every writer there is.
 */
export const withAttemptLock = <T>(req: PayloadRequest, key: string, fn: () => Promise<T>): Promise<T> =>
  inProcessTurn(`attempt:${key}`, () =>
    req.payload.db.name === 'postgres'
      ? inTransaction(req, async () => {
          await lockInDatabase(req, key)
          return fn()
        })
      : fn(),
  )

export const findAttempt = async (req: PayloadRequest, userId: unknown, activityId: unknown): Promise<Attempt | null> => {
  const { docs } = await req.payload.find({
    collection: 'attempts',
    where: { and: [{ student: { equals: userId } }, { activity: { equals: activityId } }] },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return (docs[0] as Attempt | undefined) ?? null
}

export const stateOf = (doc: Attempt): AttemptState => ({
  status: (doc.status as AttemptStatus) ?? 'not-attempted',
  score: { ...emptyScore, ...(doc.score ?? {}) } as Score,
  suspendData: doc.resume?.suspendData ?? '',
  location: doc.resume?.location ?? '',
  exit: doc.resume?.exit ?? '',
})

/** The attempt as the requesting user may see it (the collection's field access applies). */
export const readOwnAttempt = (req: PayloadRequest, id: unknown) =>
  req.payload.findByID({ collection: 'attempts', id: id as number, depth: 0, overrideAccess: false, req })

const hasXapiState = (doc: Attempt) => {
  const state = doc.resume?.xapiState
  return Boolean(state && typeof state === 'object' && Object.keys(state).length)
}

/** Only a student's work is recorded; a teacher or staff member looking at an activity leaves nothing. */
export const isStudent = (user: Pick<User, 'attributes'>) => user.attributes?.type === 'student'

/** xAPI and cmi5 packages report under a registration per attempt. */
const tracksByRegistration = (standard: Standard | null) => standard === 'xapi' || standard === 'cmi5'

export interface Opened {
  doc: Attempt
  resume: boolean
  session: string | null
}

/**
 * The student opens an activity: the attempt is created on the first open, counted, and for a
 * package either resumed or started anew (see `resumes`). A new attempt clears the resume data
 * (and gets a new xAPI registration); its status and score stay until the package reports.
 */
export const openAttempt = async (req: PayloadRequest, user: User, activity: Activity): Promise<Opened> => {
  const isPackage = activity.type === 'storyline' && Boolean(activity.storyline?.uploadedAt)
  const standard: Standard | null = isPackage ? ((activity.storyline?.standard as Standard | null) ?? 'none') : null
  const classroom = idOf(user.attributes?.classroom) as Attempt['classroom'] | null
  return withAttemptLock(req, `${user.id}:${activity.id}`, async () => {
    let doc = await findAttempt(req, user.id, activity.id)
    if (!doc) {
      try {
        doc = (await req.payload.create({
          collection: 'attempts',
          data: {
            student: user.id,
            activity: activity.id,
            classroom,
            standard,
            status: 'not-attempted',
            openCount: 0,
            attemptCount: 0,
            timeSpentSeconds: 0,
          } as never,
          overrideAccess: true,
          depth: 0,
          req,
        })) as Attempt
      } catch (error) {
        // Another instance created it in the meantime (unique student + activity).
        doc = await findAttempt(req, user.id, activity.id)
        if (!doc) throw error
      }
    }
    const now = new Date()
    const state = stateOf(doc)
    const resume = isPackage && standard !== 'none' && resumes(state, hasXapiState(doc), standard)
    const started = state.status !== 'not-attempted' || Boolean(state.suspendData || state.location || hasXapiState(doc))
    const newAttempt = isPackage && !resume && (doc.attemptCount === 0 || (standard !== 'none' && started))
    const tries = newAttempt ? (doc.attemptCount ?? 0) + 1 : (doc.attemptCount ?? 0)
    const session = isPackage ? issueSession(req.payload.secret, doc.id, tries) : null
    const data: AttemptWrite = {
      classroom,
      openCount: (doc.openCount ?? 0) + 1,
      firstOpenedAt: doc.firstOpenedAt ?? now.toISOString(),
      lastOpenedAt: now.toISOString(),
    }
    if (isPackage) {
      data.standard = standard
      data.session = {
        key: session,
        startedAt: now.toISOString(),
        baseSeconds: doc.timeSpentSeconds ?? 0,
        // A new try's resume state starts empty now: nothing reported before it is newer.
        resumeSavedAt: newAttempt ? now.toISOString() : (doc.session?.resumeSavedAt ?? null),
      }
      if (newAttempt) data.attemptCount = tries
      if (!resume && standard !== 'none') {
        data.resume = {
          suspendData: '',
          location: '',
          exit: '',
          xapiState: {},
          storage: null,
          registration: tracksByRegistration(standard) ? randomUUID() : null,
        }
      } else if (tracksByRegistration(standard) && !doc.resume?.registration) {
        data.resume = { ...(doc.resume ?? {}), registration: randomUUID() }
      }
    }
    const updated = (await req.payload.update({ collection: 'attempts', id: doc.id, data: data as never, overrideAccess: true, depth: 0, req })) as Attempt
    return { doc: updated, resume, session }
  })
}

/**
 * Applies what a package reported (and, when `session` is the open one, the time so far) to the
 * attempt. The result (status and score together) is kept only when it is better than the stored
 * one (`betterResult`); the resume fields of `reported` are written as given (the caller leaves
 * out those that are not the newest). `reported` fields left undefined keep their stored value.
 */
export const applyProgress = async (
  req: PayloadRequest,
  doc: Attempt,
  reported: Reported | null,
  session: string | null,
  extra: AttemptWrite = {},
): Promise<Attempt> => {
  const data: AttemptWrite = { ...extra }
  if (reported) {
    const stored: Result = { status: (doc.status as AttemptStatus) ?? 'not-attempted', score: { ...emptyScore, ...(doc.score ?? {}) } as Score }
    const best = betterResult(stored, reported)
    if (best !== stored) {
      data.status = best.status
      data.score = best.score
      if (isFinished(best.status) && (best.status !== stored.status || !doc.completedAt)) data.completedAt = now().toISOString()
    }
    const resume: NonNullable<Attempt['resume']> = {}
    if (reported.suspendData !== undefined) resume.suspendData = reported.suspendData
    if (reported.location !== undefined) resume.location = reported.location
    if (reported.exit !== undefined) resume.exit = reported.exit
    // What the package reported wins over the stored resume that `extra` may carry along.
    if (Object.keys(resume).length) data.resume = { ...(doc.resume ?? {}), ...(data.resume ?? {}), ...resume }
  }
  if (session && doc.session?.key === session) {
    data.timeSpentSeconds = (doc.session.baseSeconds ?? 0) + sessionSeconds(doc.session.startedAt)
  }
  if (!Object.keys(data).length) return doc
  return (await req.payload.update({ collection: 'attempts', id: doc.id, data: data as never, overrideAccess: true, depth: 0, req })) as Attempt
}

/**
 * A student marks an activity without a quiz (a reading, links, a video, plain content) done, or
 * takes the mark back: the attempt's status is `completed` (what the grid counts as done) or back
 * to `not-attempted`. Marking done counts as opening it when the student had not opened it yet.
 */
export const markDone = async (req: PayloadRequest, user: User, activity: Activity, done: boolean): Promise<Attempt | null> => {
  let doc = await findAttempt(req, user.id, activity.id)
  if (!doc && !done) return null
  if (!doc) doc = (await openAttempt(req, user, activity)).doc
  return withAttemptLock(req, `${user.id}:${activity.id}`, async () => {
    const current = (await findAttempt(req, user.id, activity.id)) ?? (doc as Attempt)
    const data: AttemptWrite = done
      ? { status: 'completed', completedAt: current.status === 'completed' && current.completedAt ? current.completedAt : now().toISOString() }
      : { status: 'not-attempted', completedAt: null }
    return (await req.payload.update({ collection: 'attempts', id: current.id, data: data as never, overrideAccess: true, depth: 0, req })) as Attempt
  })
}

/** The name a package shows: the student's username, else their name; never an email. */
export const learnerName = (user: Pick<User, 'id' | 'username' | 'attributes'>): string => {
  if (user.username) return String(user.username)
  const first = user.attributes?.firstName
  const last = user.attributes?.lastName
  if (first || last) return [last, first].filter(Boolean).join(', ')
  return `Learner ${user.id}`
}

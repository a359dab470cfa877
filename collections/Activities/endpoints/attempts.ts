/**
 * A student opens an activity and a package reports progress:
 *
 *   POST /api/activities/:id/open      record the open; for a Storyline package, the launch
 *   PUT  /api/activities/:id/attempt   save progress (SCORM data from the runtime, time spent)
 *   PUT  /api/activities/:id/done      a student marks a reading, link, video or content activity done (or not)
 *
 * They act for the logged-in user on their own attempt only, and only a student's work is
 * recorded: a teacher or staff member opening an activity (to look, or to try a quiz) leaves no
 * attempt behind, so their visits never show in a classroom's progress. xAPI packages report to the LRS
 * under /api/xapi instead (collections/Attempts/endpoints/xapi.ts). See docs/api.md, "Attempts".
 */
import { nullUnlessUnreachable } from '@cms/database/databaseErrors'
import type { Endpoint, PayloadRequest } from 'payload'

import { checkPackageStorage, emptyPackageStorage, type PackageStorage } from '../../../common/packageStorage'
import { scormElements, fromScorm, scormLaunchData, scormNumberProblems } from '@cms/attempts/report'
import {
  applyProgress,
  findAttempt,
  isStudent,
  learnerName,
  markDone,
  openAttempt,
  readOwnAttempt,
  stateOf,
  withAttemptLock,
} from '../../../cms/attempts/store'
import { basicAuth, issueLaunchToken } from '../../../cms/attempts/token'
import { sessionTry } from '@cms/attempts/sessions'
import { publicUrl } from '@cms/config/env'
import { uploadsDir } from '@cms/config/paths'
import { storylineVersion } from '@cms/packages/storyline/extract'
import { currentRequestOrigin, launcherNeedsProduct, productAddress, refusalMessage, warnIfSameSite } from '@cms/http/origins'
import type { Activity, Attempt, User } from '../../../cms/payload-types'
import type { Standard } from '@cms/packages/storyline/launch'
import { closedSessionRecord, cmi5UnitOf, prepareCmi5Launch } from '@cms/packages/cmi5/launch'
import type { Launch } from '@common/answers/launch'
import { badRequest, type FieldError, HttpError, json, notFound, onlyFields, readBody, requireUser, routeParam } from '@cms/http/endpointInput'

const findReadableActivity = async (req: PayloadRequest) => {
  const id = routeParam(req, 'id')
  const doc = await req.payload
    .findByID({ collection: 'activities', id, req, depth: 0, overrideAccess: false, disableErrors: true })
    .catch(nullUnlessUnreachable)
  if (!doc) throw notFound('Activity not found.')
  return doc as Activity
}

/** What a write to one's own attempt starts from: the signed-in user, the activity of the route they may read, and the body, which may hold only `fields`. */
const readAttemptWrite = async (req: PayloadRequest, fields: string[]) => {
  const user = requireUser(req) as User
  const activity = await findReadableActivity(req)
  const body = await readBody(req)
  onlyFields(body, fields)
  return { user, activity, body }
}

/** A package URL on the content origin: /uploads/<id>/storyline/<launch file>, path segments encoded. */
export const packageUrl = (contentOrigin: string, activityId: unknown, launchFile: string, params: Record<string, string> = {}) => {
  const [file, ...query] = launchFile.split('?')
  const url = new URL(`${contentOrigin}/uploads/${encodeURIComponent(String(activityId))}/storyline/${file.split('/').map(encodeURIComponent).join('/')}`)
  if (query.length) url.search = query.join('?')
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value)
  return url.toString()
}

/** The xAPI actor a package gets: the username as name, the account id on this site; no email. */
export const xapiActor = (user: Pick<User, 'id' | 'username' | 'attributes'>) => ({
  objectType: 'Agent',
  name: learnerName(user),
  account: { homePage: publicUrl(), name: String(user.id) },
})

/** The package's cookies and localStorage as stored on the attempt (expired cookies left out). */
const storedPackageStorage = (doc: Pick<Attempt, 'resume'>): PackageStorage => {
  const checked = checkPackageStorage(doc.resume?.storage ?? emptyPackageStorage())
  return 'storage' in checked ? checked.storage : emptyPackageStorage()
}

/** The product's address this launch is for, and the content origin that address hands out (cms/http/origins.ts). */
type Addresses = { origin: string; contentOrigin: string }

/** The launcher's URL; it names the product's address when the content origin cannot tell it from its own. */
const launcherUrl = (addresses: Addresses, activityId: unknown) => {
  const url = new URL(`${addresses.contentOrigin}/launch/${encodeURIComponent(String(activityId))}`)
  if (launcherNeedsProduct(addresses.origin, addresses.contentOrigin)) url.searchParams.set('product', addresses.origin)
  return url.toString()
}

/** What a launch needs of the attempt; a preview (a teacher trying the quiz) has a blank one and no session. */
type LaunchAttempt = { doc: Pick<Attempt, 'status' | 'score' | 'resume' | 'timeSpentSeconds'>; resume: boolean; session: string | null }

const previewAttempt: LaunchAttempt = { doc: { status: 'not-attempted', score: {}, resume: {}, timeSpentSeconds: 0 }, resume: false, session: null }

const launchFor = async (
  req: PayloadRequest,
  user: User,
  activity: Activity,
  opened: LaunchAttempt,
  addresses: Addresses,
  version: string | null,
): Promise<Launch> => {
  const record = activity.storyline ?? {}
  const standard = (record.standard as Standard | null) ?? 'none'
  // Under the live version's folder: that URL never changes its files, so browsers keep them (packageFiles.ts).
  const launchFile = `${version ? `${version}/` : ''}${(record.launchFile as string | null) || 'story.html'}`
  const { contentOrigin } = addresses
  const base = {
    standard,
    resume: opened.resume,
    session: opened.session,
    launcherUrl: launcherUrl(addresses, activity.id),
    contentOrigin,
    storage: storedPackageStorage(opened.doc),
  }
  if (standard === 'xapi') {
    // A preview reports nowhere: without an LRS in its address the package runs untracked.
    if (!opened.session) return { ...base, packageUrl: packageUrl(contentOrigin, activity.id, launchFile) }
    const token = issueLaunchToken(req.payload.secret, user.id, activity.id, Date.now(), {
      sid: (req.user as { _sid?: string } | null)?._sid,
      classroom: user.attributes?.classroom ?? null,
    })
    return {
      ...base,
      packageUrl: packageUrl(contentOrigin, activity.id, launchFile, {
        endpoint: `${addresses.origin}/api/xapi/`,
        auth: basicAuth(token),
        actor: JSON.stringify(xapiActor(user)),
        registration: String(opened.doc.resume?.registration ?? ''),
      }),
    }
  }
  const unit = standard === 'cmi5' ? cmi5UnitOf(activity) : null
  if (unit && opened.session) {
    // A cmi5 AU (cms/packages/cmi5/launch.ts); a preview, like xAPI's, runs without launch parameters.
    const params = await prepareCmi5Launch(
      req,
      user,
      activity,
      unit,
      opened.session,
      xapiActor(user),
      addresses.origin,
      packageUrl(contentOrigin, activity.id, launchFile),
    )
    return { ...base, packageUrl: packageUrl(contentOrigin, activity.id, launchFile, params) }
  }
  if (standard === 'scorm12' || standard === 'scorm2004') {
    const cmi = scormLaunchData(
      standard,
      { id: String(user.id), name: learnerName(user) },
      stateOf(opened.doc as Attempt),
      opened.resume,
      opened.doc.timeSpentSeconds ?? 0,
      typeof record.masteryScore === 'number' ? record.masteryScore : null,
    )
    return { ...base, packageUrl: packageUrl(contentOrigin, activity.id, launchFile), scorm: { cmi } }
  }
  return { ...base, packageUrl: packageUrl(contentOrigin, activity.id, launchFile) }
}

export const openActivityEndpoint: Endpoint = {
  path: '/:id/open',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req) as User
    const activity = await findReadableActivity(req)
    const isPackage = activity.type === 'storyline' && Boolean(activity.storyline?.uploadedAt)
    // A package opens only at an address its content origin lets frame it; elsewhere the student
    // gets words to pass to IT instead of a blank frame, and no open is counted.
    const address = isPackage ? productAddress(currentRequestOrigin(req.headers)) : null
    if (address && !address.allowed) {
      const { address: refused, openAt, setting } = address
      throw new HttpError(403, refusalMessage(address), undefined, { reason: 'address', address: refused, openAt, ...(setting ? { setting } : {}) })
    }
    if (address) warnIfSameSite(address.origin, (message) => req.payload.logger.warn(message))
    const version = address ? await storylineVersion(uploadsDir, activity.id) : null
    if (!isStudent(user)) return json({ attempt: null, launch: address ? await launchFor(req, user, activity, previewAttempt, address, version) : null })
    const opened = await openAttempt(req, user, activity)
    return json({
      attempt: await readOwnAttempt(req, opened.doc.id),
      launch: address ? await launchFor(req, user, activity, opened, address, version) : null,
    })
  },
}

const checkCmi = (standard: 'scorm12' | 'scorm2004', value: unknown, errors: FieldError[]): Record<string, string> | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) {
    errors.push({ path: 'cmi', message: 'cmi must be an object of data model elements.' })
    return undefined
  }
  const allowed = scormElements[standard]
  const out: Record<string, string> = {}
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    if (!(key in allowed)) {
      errors.push({ path: `cmi.${key}`, message: `Unknown field: ${key}.` })
      continue
    }
    if (typeof raw !== 'string' && typeof raw !== 'number') {
      errors.push({ path: `cmi.${key}`, message: `${key} must be text.` })
      continue
    }
    const text = String(raw)
    if (text.length > allowed[key]) {
      errors.push({ path: `cmi.${key}`, message: `${key} must be at most ${allowed[key]} characters.` })
      continue
    }
    out[key] = text
  }
  errors.push(...scormNumberProblems(standard, out))
  return out
}

/**
 * When the package reported what a save carries (the runtime's clock, sent along so that saves
 * kept while offline and sent later do not pass for newer ones); the server's time when absent,
 * and never later than it.
 */
const reportedTime = (value: unknown, errors: FieldError[]): Date => {
  const received = new Date()
  if (value === undefined || value === null) return received
  const time = typeof value === 'string' && value.length <= 40 ? Date.parse(value) : NaN
  if (Number.isNaN(time)) {
    errors.push({ path: 'reportedAt', message: 'reportedAt must be a date and time (ISO 8601).' })
    return received
  }
  return new Date(Math.min(time, received.getTime()))
}

export const saveAttemptEndpoint: Endpoint = {
  path: '/:id/attempt',
  method: 'put',
  handler: async (req) => {
    const { user, activity, body } = await readAttemptWrite(req, ['session', 'cmi', 'storage', 'closed', 'reportedAt'])
    const errors: FieldError[] = []
    const session = body.session
    if (session !== undefined && session !== null && (typeof session !== 'string' || session.length > 100)) {
      errors.push({ path: 'session', message: 'session must be the session id the open returned.' })
    }
    if (body.closed !== undefined && typeof body.closed !== 'boolean') errors.push({ path: 'closed', message: 'closed must be true or false.' })
    const reportedAt = reportedTime(body.reportedAt, errors)
    let storage: PackageStorage | undefined
    if (body.storage !== undefined) {
      const checked = checkPackageStorage(body.storage)
      if ('storage' in checked) storage = checked.storage
      else errors.push(...checked.problems)
    }
    const result = await withAttemptLock(req, `${user.id}:${activity.id}`, async () => {
      const doc = await findAttempt(req, user.id, activity.id)
      if (!doc) throw new HttpError(404, 'Open the activity before saving progress.')
      const standard = doc.standard as Standard | null
      let cmi: Record<string, string> | undefined
      if (body.cmi !== undefined) {
        if (standard === 'scorm12' || standard === 'scorm2004') cmi = checkCmi(standard, body.cmi, errors)
        else errors.push({ path: 'cmi', message: 'This activity does not report SCORM data.' })
      }
      if (errors.length) throw badRequest(errors)
      // Every session the student was given reports (a second tab, a window closed late, saves
      // sent again after being offline): the result counts from any of them, the best one kept.
      // The resume state is the newest the package reported in the current try; a made-up session
      // changes nothing.
      const tries = typeof session === 'string' ? sessionTry(req.payload.secret, doc.id, session) : null
      if (tries === null) return doc
      const savedAt = doc.session?.resumeSavedAt ? Date.parse(doc.session.resumeSavedAt) : NaN
      const newest = tries === (doc.attemptCount ?? 0) && !(reportedAt.getTime() < savedAt)
      const masteryScore = typeof activity.storyline?.masteryScore === 'number' ? activity.storyline.masteryScore : null
      const scorm = cmi && (standard === 'scorm12' || standard === 'scorm2004') ? fromScorm(standard, cmi, masteryScore) : null
      const reported = scorm && !newest ? { status: scorm.status, score: scorm.score } : scorm
      const savesResume = newest && Boolean(storage || (scorm && [scorm.suspendData, scorm.location, scorm.exit].some((v) => v !== undefined)))
      const extra: Record<string, unknown> = {
        ...(newest && storage ? { resume: { ...(doc.resume ?? {}), storage } } : {}),
        ...(savesResume ? { session: { ...(doc.session ?? {}), resumeSavedAt: reportedAt.toISOString() } } : {}),
      }
      // A cmi5 session the student closed without the AU's "terminated" is abandoned (cms/packages/cmi5/launch.ts).
      const abandoned =
        typeof session === 'string' && session === doc.session?.key && body.closed === true ? closedSessionRecord(activity, doc, session) : undefined
      if (abandoned) extra.cmi5 = abandoned
      return applyProgress(req, doc, reported, session as string, extra)
    })
    return json({ attempt: await readOwnAttempt(req, result.id) })
  },
}

export const doneMessages = {
  body: 'done must be true or false.',
  studentsOnly: 'Only students record progress on activities.',
  quiz: 'A quiz records its own result; it cannot be marked done.',
} as const

export const markDoneEndpoint: Endpoint = {
  path: '/:id/done',
  method: 'put',
  handler: async (req) => {
    const { user, activity, body } = await readAttemptWrite(req, ['done'])
    if (typeof body.done !== 'boolean') throw badRequest([{ path: 'done', message: doneMessages.body }])
    if (!isStudent(user)) throw new HttpError(403, doneMessages.studentsOnly)
    if (activity.type === 'storyline') throw badRequest([{ path: 'done', message: doneMessages.quiz }])
    const doc = await markDone(req, user, activity, body.done)
    return json({ attempt: doc ? await readOwnAttempt(req, doc.id) : null })
  },
}

export const attemptEndpoints: Endpoint[] = [openActivityEndpoint, saveAttemptEndpoint, markDoneEndpoint]

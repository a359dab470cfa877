/**
 * A student opens an activity and a package reports progress:
 *
 *   POST /api/activities/:id/open      record the open; for a Storyline package, the launch
 *   PUT  /api/activities/:id/attempt   save progress (SCORM data from the runtime, time spent)
 *
 * Both act for the logged-in user on their own attempt only. xAPI packages report to the LRS
 * under /api/xapi instead (collections/Attempts/endpoints/xapi.ts). See docs/api.md, "Attempts".
 */
import type { Endpoint, PayloadRequest } from 'payload'

import { scormElements, fromScorm, scormLaunchData, scormNumberProblems } from '../../../cms/attempts/progress'
import { applyProgress, findAttempt, learnerName, openAttempt, readOwnAttempt, stateOf, withAttemptLock } from '../../../cms/attempts/store'
import { basicAuth, issueLaunchToken } from '../../../cms/attempts/token'
import { contentOrigin, contentUrl, publicUrl } from '../../../cms/env'
import type { Activity, Attempt, User } from '../../../cms/payload-types'
import type { Standard } from '../../../cms/storyline/launch'
import { badRequest, type FieldError, HttpError, json, notFound, onlyFields, readBody, requireUser, routeParam } from '../../../cms/http'

const findReadableActivity = async (req: PayloadRequest) => {
  const id = routeParam(req, 'id')
  const doc = await req.payload.findByID({ collection: 'activities', id, req, depth: 0, overrideAccess: false, disableErrors: true }).catch(() => null)
  if (!doc) throw notFound('Activity not found.')
  return doc as Activity
}

/** A package URL on the content origin: /uploads/<id>/storyline/<launch file>, path segments encoded. */
export const packageUrl = (activityId: unknown, launchFile: string, params: Record<string, string> = {}) => {
  const [file, ...query] = launchFile.split('?')
  const url = new URL(`${contentUrl()}/uploads/${encodeURIComponent(String(activityId))}/storyline/${file.split('/').map(encodeURIComponent).join('/')}`)
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

const launchFor = (req: PayloadRequest, user: User, activity: Activity, opened: { doc: Attempt; resume: boolean; session: string | null }) => {
  const record = activity.storyline ?? {}
  const standard = (record.standard as Standard | null) ?? 'none'
  const launchFile = (record.launchFile as string | null) || 'story.html'
  const base = {
    standard,
    resume: opened.resume,
    session: opened.session,
    launcherUrl: `${contentUrl()}/launch/${encodeURIComponent(String(activity.id))}`,
    contentOrigin: contentOrigin(),
  }
  if (standard === 'xapi') {
    const token = issueLaunchToken(req.payload.secret, user.id, activity.id, Date.now(), {
      sid: (req.user as { _sid?: string } | null)?._sid,
      classroom: user.attributes?.classroom ?? null,
    })
    return {
      ...base,
      packageUrl: packageUrl(activity.id, launchFile, {
        endpoint: `${publicUrl()}/api/xapi/`,
        auth: basicAuth(token),
        actor: JSON.stringify(xapiActor(user)),
        registration: String(opened.doc.resume?.registration ?? ''),
      }),
    }
  }
  if (standard === 'scorm12' || standard === 'scorm2004') {
    const cmi = scormLaunchData(
      standard,
      { id: String(user.id), name: learnerName(user) },
      stateOf(opened.doc),
      opened.resume,
      opened.doc.timeSpentSeconds ?? 0,
      typeof record.masteryScore === 'number' ? record.masteryScore : null,
    )
    return { ...base, packageUrl: packageUrl(activity.id, launchFile), scorm: { cmi } }
  }
  return { ...base, packageUrl: packageUrl(activity.id, launchFile) }
}

export const openActivityEndpoint: Endpoint = {
  path: '/:id/open',
  method: 'post',
  handler: async (req) => {
    const user = requireUser(req) as User
    const activity = await findReadableActivity(req)
    const opened = await openAttempt(req, user, activity)
    const isPackage = activity.type === 'storyline' && Boolean(activity.storyline?.uploadedAt)
    return json({
      attempt: await readOwnAttempt(req, opened.doc.id),
      launch: isPackage ? launchFor(req, user, activity, opened) : null,
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

export const saveAttemptEndpoint: Endpoint = {
  path: '/:id/attempt',
  method: 'put',
  handler: async (req) => {
    const user = requireUser(req) as User
    const activity = await findReadableActivity(req)
    const body = await readBody(req)
    onlyFields(body, ['session', 'cmi', 'closed'])
    const errors: FieldError[] = []
    const session = body.session
    if (session !== undefined && session !== null && (typeof session !== 'string' || session.length > 100)) {
      errors.push({ path: 'session', message: 'session must be the session id the open returned.' })
    }
    if (body.closed !== undefined && typeof body.closed !== 'boolean') errors.push({ path: 'closed', message: 'closed must be true or false.' })
    const result = await withAttemptLock(`${user.id}:${activity.id}`, async () => {
      const doc = await findAttempt(req, user.id, activity.id)
      if (!doc) throw new HttpError(404, 'Open the activity before saving progress.')
      const standard = doc.standard as Standard | null
      let cmi: Record<string, string> | undefined
      if (body.cmi !== undefined) {
        if (standard === 'scorm12' || standard === 'scorm2004') cmi = checkCmi(standard, body.cmi, errors)
        else errors.push({ path: 'cmi', message: 'This activity does not report SCORM data.' })
      }
      if (errors.length) throw badRequest(errors)
      // Only the open session reports: a save from an earlier one (a second tab, a window closed
      // late) must not overwrite what the student did since.
      const current = typeof session === 'string' && session === doc.session?.key
      const masteryScore = typeof activity.storyline?.masteryScore === 'number' ? activity.storyline.masteryScore : null
      const reported = current && cmi && (standard === 'scorm12' || standard === 'scorm2004') ? fromScorm(standard, cmi, masteryScore) : null
      return applyProgress(req, doc, reported, current ? session : null)
    })
    return json({ attempt: await readOwnAttempt(req, result.id) })
  },
}

export const attemptEndpoints: Endpoint[] = [openActivityEndpoint, saveAttemptEndpoint]

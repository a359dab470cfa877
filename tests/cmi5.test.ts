/**
 * cmi5 packages through real HTTP, as an LMS must treat them (cmi5 spec, "quartz"): the upload
 * reads cmi5.xml; a student's open writes "launched" and LMS.LaunchData and hands the AU endpoint,
 * fetch, actor, registration and activityId; the fetch URL answers the auth token once; the AU's
 * statements are held to the cmi5 rules and moveOn decides what the teacher's grid shows; a
 * session that ends without "terminated" is abandoned; reopening resumes the registration.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { type Client } from './helpers/client'
import { buildPackage, CMI5_AU_ID, packageFiles } from './helpers/packages'
import { serverForFile } from './helpers/fileServer'
import { buildZip } from './helpers/zips'
import { installPackage, packageClassroom, storedAttempt, storylineActivity } from './helpers/content'

let editor: Client
let teacher: Client & { user: any }
let student: Client & { user: any }
let otherStudent: Client & { user: any }
let classroomId: number
let moduleId: number

const { server, actors } = serverForFile({ env: { RATE_LIMIT_FACTOR: '50' } })
beforeAll(async () => {
  const room = await packageClassroom(actors, server.payload, 2)
  ;({ editor, teacher, classroomId, moduleId } = room)
  ;[student, otherStudent] = room.students
}, 120_000)

const V = 'http://adlnet.gov/expapi/verbs/'
const CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5'
const MOVEON = 'https://w3id.org/xapi/cmi5/context/categories/moveon'
const SESSION = 'https://w3id.org/xapi/cmi5/context/extensions/sessionid'

const upload = async (zip: Buffer) => {
  const id = await storylineActivity(server.payload, moduleId, `cmi5 ${Math.random().toString(36).slice(2, 7)}`)
  return { id, res: await installPackage(editor, id, zip) }
}

/** The test package with its cmi5.xml's AU changed by `change` (moveOn, masteryScore …). */
const packageWith = (change: (xml: string) => string) =>
  buildZip(packageFiles('cmi5').map((file) => (file.name === 'cmi5.xml' ? { ...file, data: change(file.data) } : file)))

const stored = (studentId: unknown, activityId: number) => storedAttempt(server.payload, studentId, activityId)

const lrs = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
  fetch(`${server.base}/api/xapi/${path}`, { ...init, headers: { Origin: server.contentBase, 'X-Experience-API-Version': '1.0.3', ...init.headers } })

/** A student's launch of the AU, as the AU sees it: its URL's parameters, then its auth token. */
const launch = async (client: Client, id: number) => {
  const res = await client.post(`/api/activities/${id}/open`)
  expect(res.status).toBe(200)
  const url = new URL(res.body.launch.packageUrl)
  const p = (name: string) => url.searchParams.get(name)!
  return {
    res,
    url,
    endpoint: p('endpoint'),
    fetchUrl: p('fetch'),
    actor: JSON.parse(p('actor')),
    registration: p('registration'),
    activityId: p('activityId'),
  }
}
type Launched = Awaited<ReturnType<typeof launch>>

const fetchToken = (fetchUrl: string) => fetch(fetchUrl, { method: 'POST', headers: { Origin: server.contentBase } })

/** The AU's side of a session: its token, LMS.LaunchData, and statements built from the context template. */
const session = async (l: Launched) => {
  const body = await (await fetchToken(l.fetchUrl)).json()
  const auth = `Basic ${body['auth-token']}`
  const stateUrl = (stateId: string) =>
    `activities/state?${new URLSearchParams({ activityId: l.activityId, agent: JSON.stringify(l.actor), registration: l.registration, stateId })}`
  const data = await (await lrs(stateUrl('LMS.LaunchData'), { headers: { Authorization: auth } })).json()
  const statement = (verb: string, result?: Record<string, unknown>, change: (s: any) => void = () => {}) => {
    const context = structuredClone(data.contextTemplate)
    context.registration = l.registration
    context.contextActivities.category = [{ id: CMI5 }, ...(result && ('success' in result || 'completion' in result) ? [{ id: MOVEON }] : [])]
    const s: any = {
      id: crypto.randomUUID(),
      timestamp: new Date().toISOString(),
      actor: l.actor,
      verb: { id: V + verb },
      object: { id: l.activityId },
      context,
    }
    if (result) s.result = result
    change(s)
    return s
  }
  const send = (...statements: unknown[]) =>
    lrs('statements', { method: 'POST', body: JSON.stringify(statements), headers: { Authorization: auth, 'Content-Type': 'application/json' } })
  return { auth, data, stateUrl, statement, send }
}

const passed = (scaled = 0.8) => ({ score: { raw: scaled * 10, min: 0, max: 10, scaled }, success: true, duration: 'PT30S' })
const failed = (scaled = 0.2) => ({ score: { raw: scaled * 10, min: 0, max: 10, scaled }, success: false, duration: 'PT30S' })
const completed = { completion: true, duration: 'PT40S' }

describe('upload', () => {
  it("reads cmi5.xml: the standard, the AU's URL as launch file, and its launch data", async () => {
    const { res } = await upload(await buildPackage('cmi5'))
    expect(res.body.doc.storyline).toMatchObject({
      standard: 'cmi5',
      launchFile: 'index_lms.html',
      cmi5: { publisherId: CMI5_AU_ID, moveOn: 'Passed', masteryScore: 0.7, launchMethod: 'AnyWindow' },
    })
    expect(res.body.warnings).toEqual([])
  })

  it('refuses to track a course of several AUs, and says so to the editor', async () => {
    const { res } = await upload(
      await packageWith((xml) =>
        xml.replace('</courseStructure>', '<au id="urn:x:second"><title/><description/><url>index_lms.html</url></au></courseStructure>'),
      ),
    )
    expect(res.body.doc.storyline).toMatchObject({ standard: 'none', launchFile: 'story.html' })
    expect(res.body.warnings).toEqual([expect.stringContaining('cmi5.xml lists 2 AUs')])
  })
})

describe('upload without a Web publish to fall back on', () => {
  it('accepts an LMS-only cmi5 export (no story.html) and makes story.html forward to the AU', async () => {
    const { id, res } = await upload(await buildZip(packageFiles('cmi5').filter((file) => file.name !== 'story.html')))
    expect(res.body.doc.storyline).toMatchObject({ standard: 'cmi5', launchFile: 'index_lms.html' })
    const story = await fetch(`${server.contentBase}/uploads/${id}/storyline/story.html`)
    expect(await story.text()).toContain('url=index_lms.html')
  })

  it('refuses a cmi5 export of several AUs and no story.html, naming cmi5.xml', async () => {
    const files = packageFiles('cmi5')
      .filter((file) => file.name !== 'story.html')
      .map((file) =>
        file.name === 'cmi5.xml'
          ? { ...file, data: file.data.replace('</courseStructure>', '<au id="urn:x:second"><url>index_lms.html</url></au></courseStructure>') }
          : file,
      )
    const id = (
      await server.payload.create({
        collection: 'activities',
        data: { title: 'cmi5 two AUs', type: 'storyline', markdown: 'Body', module: moduleId } as never,
        overrideAccess: true,
      })
    ).id
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(await buildZip(files))], { type: 'application/zip' }), 'package.zip')
    const res = await editor.request('POST', `/api/activities/${id}/storyline`, undefined, { raw: form })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('cmi5.xml (of one AU)')
  })
})

describe('launch and fetch URL', () => {
  let id: number
  let l: Launched

  beforeAll(async () => {
    ;({ id } = await upload(await buildPackage('cmi5')))
    l = await launch(student, id)
  })

  it('launches the AU with endpoint, fetch, actor, registration and an activityId of its own', () => {
    // The AU under the package's live version (docs/adr/package-versions-and-pointer.md).
    expect(l.url.origin + l.url.pathname).toMatch(new RegExp(`^${server.contentBase}/uploads/${id}/storyline/v[0-9a-z]+/index_lms\\.html$`))
    expect(l.endpoint).toBe(`${server.base}/api/xapi/`)
    expect(new URL(l.fetchUrl).pathname).toBe('/api/xapi/cmi5/fetch')
    expect(l.actor).toEqual({ objectType: 'Agent', name: student.user.username, account: { homePage: server.base, name: String(student.user.id) } })
    expect(l.registration).toMatch(/^[0-9a-f-]{36}$/)
    expect(l.activityId).toMatch(/^http/)
    expect(l.activityId).not.toBe(CMI5_AU_ID)
    expect(l.url.searchParams.get('auth')).toBeNull()
  })

  it('writes "launched" before the AU runs, with the launch context', async () => {
    const record = (await stored(student.user.id, id)).cmi5
    expect(record.statements).toHaveLength(1)
    const [launched] = record.statements
    expect(launched).toMatchObject({
      verb: { id: `${V}launched` },
      object: { id: l.activityId },
      actor: l.actor,
      context: {
        registration: l.registration,
        contextActivities: { category: [{ id: CMI5 }], grouping: [{ id: CMI5_AU_ID }] },
        extensions: {
          [SESSION]: record.session.id,
          'https://w3id.org/xapi/cmi5/context/extensions/launchmode': 'Normal',
          'https://w3id.org/xapi/cmi5/context/extensions/moveon': 'Passed',
          'https://w3id.org/xapi/cmi5/context/extensions/masteryscore': 0.7,
          'https://w3id.org/xapi/cmi5/context/extensions/launchurl': l.url.origin + l.url.pathname,
        },
      },
    })
  })

  it('answers the auth token once; a second POST gets the error JSON; a wrong key another', async () => {
    const first = await fetchToken(l.fetchUrl)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toMatch(/application\/json/)
    expect(first.headers.get('access-control-allow-origin')).toBe(server.contentBase)
    const body = await first.json()
    expect(Object.keys(body)).toEqual(['auth-token'])

    const again = await fetchToken(l.fetchUrl)
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual({ 'error-code': '1', 'error-text': 'The authorization token has already been returned.' })

    const forged = new URL(l.fetchUrl)
    forged.searchParams.set('k', `${forged.searchParams.get('k')!.split('.')[0]}.AAAA`)
    expect(await (await fetchToken(forged.toString())).json()).toMatchObject({ 'error-code': '2' })

    // The token opens the LRS: LMS.LaunchData is there, written before the launch.
    const auth = `Basic ${body['auth-token']}`
    const stateUrl = `activities/state?${new URLSearchParams({ activityId: l.activityId, agent: JSON.stringify(l.actor), registration: l.registration, stateId: 'LMS.LaunchData' })}`
    const data = await (await lrs(stateUrl, { headers: { Authorization: auth } })).json()
    const record = (await stored(student.user.id, id)).cmi5
    expect(data).toEqual({
      contextTemplate: { contextActivities: { grouping: [{ id: CMI5_AU_ID, objectType: 'Activity' }] }, extensions: { [SESSION]: record.session.id } },
      launchMode: 'Normal',
      moveOn: 'Passed',
      masteryScore: 0.7,
    })
    // Learner preferences: none kept, and a write is declined as cmi5 lets an LMS do.
    const profile = `agents/profile?${new URLSearchParams({ agent: JSON.stringify(l.actor), profileId: 'cmi5LearnerPreferences' })}`
    const noProfile = await lrs(profile, { headers: { Authorization: auth } })
    expect(noProfile.status).toBe(404)
    expect(noProfile.headers.get('access-control-allow-origin')).toBe(server.contentBase)
    expect((await lrs(profile, { method: 'PUT', body: '{}', headers: { Authorization: auth, 'Content-Type': 'application/json' } })).status).toBe(403)
    expect((await lrs(profile)).status).toBe(401)
    // The AU reads LMS.LaunchData but may not change or delete it.
    expect((await lrs(stateUrl, { method: 'PUT', body: '{}', headers: { Authorization: auth, 'Content-Type': 'application/json' } })).status).toBe(403)
    expect((await lrs(stateUrl, { method: 'DELETE', headers: { Authorization: auth } })).status).toBe(403)
  })
})

describe('statements from the AU', () => {
  it('refuses another actor, another registration and anything before "initialized"; moveOn Passed decides the result', async () => {
    const { id } = await upload(await buildPackage('cmi5'))
    const l = await launch(student, id)
    const au = await session(l)

    const wrongActor = await au.send(
      au.statement(
        'initialized',
        undefined,
        (s) => (s.actor = { objectType: 'Agent', account: { homePage: server.base, name: String(otherStudent.user.id) } }),
      ),
    )
    expect(wrongActor.status).toBe(403)
    expect((await wrongActor.json()).errors[0].message).toMatch(/actor/)
    const wrongRegistration = await au.send(au.statement('initialized', undefined, (s) => (s.context.registration = crypto.randomUUID())))
    expect(wrongRegistration.status).toBe(403)
    const wrongSession = await au.send(au.statement('initialized', undefined, (s) => (s.context.extensions[SESSION] = 'another')))
    expect(wrongSession.status).toBe(403)
    expect((await au.send(au.statement('completed', completed))).status).toBe(400)

    expect((await au.send(au.statement('initialized'))).status).toBe(200)
    expect((await stored(student.user.id, id)).status).toBe('incomplete')
    expect((await au.send(au.statement('initialized'))).status).toBe(400)
    // Completed alone does not satisfy moveOn Passed: the grid still shows the AU in progress.
    expect((await au.send(au.statement('completed', completed))).status).toBe(200)
    expect((await stored(student.user.id, id)).status).toBe('incomplete')
    // "passed" below the mastery score, without the moveon category or without a duration is refused.
    expect((await au.send(au.statement('passed', passed(0.5)))).status).toBe(400)
    expect((await au.send(au.statement('passed', passed(), (s) => (s.context.contextActivities.category = [{ id: CMI5 }])))).status).toBe(400)
    expect((await au.send(au.statement('passed', { score: { scaled: 0.8 }, success: true }))).status).toBe(400)
    expect((await au.send(au.statement('passed', passed()))).status).toBe(200)
    const attempt = await stored(student.user.id, id)
    expect(attempt).toMatchObject({ status: 'passed', score: { raw: 8, min: 0, max: 10, scaled: 0.8 } })
    expect(attempt.cmi5.statements.map((s: any) => s.verb.id.split('/').pop())).toEqual(['launched', 'satisfied'])
    expect(attempt.cmi5.statements[1].object.definition.type).toBe('https://w3id.org/xapi/cmi5/activitytype/course')

    // cmi5 allowed statements (no cmi5 category) are recorded between initialized and terminated.
    expect((await au.send(au.statement('experienced', undefined, (s) => (s.context.contextActivities.category = [])))).status).toBe(200)
    expect((await au.send(au.statement('failed', failed()))).status).toBe(400)
    expect((await au.send(au.statement('terminated', { duration: 'PT60S' }))).status).toBe(200)
    expect((await au.send(au.statement('experienced', undefined, (s) => (s.context.contextActivities.category = [])))).status).toBe(403)

    const grid = await teacher.get(`/api/classrooms/${classroomId}/progress`)
    expect(grid.body.attempts).toContainEqual(expect.objectContaining({ student: student.user.id, activity: id, status: 'passed', score: 80 }))
  })

  it.each([
    ['Completed', ['completed'], 'completed', true],
    ['CompletedOrPassed', ['failed'], 'failed', false],
    ['CompletedOrPassed', ['completed'], 'completed', true],
    ['CompletedAndPassed', ['passed'], 'incomplete', false],
    ['CompletedAndPassed', ['passed', 'completed'], 'passed', true],
    ['Passed', ['failed', 'completed'], 'failed', false],
  ])('moveOn %s: after %j the grid shows %s (satisfied: %s)', async (moveOn, verbs, status, satisfied) => {
    const { id } = await upload(await packageWith((xml) => xml.replace('moveOn="Passed"', `moveOn="${moveOn}"`)))
    const l = await launch(student, id)
    const au = await session(l)
    const results: Record<string, Record<string, unknown>> = { passed: passed(), failed: failed(), completed }
    expect((await au.send(au.statement('initialized'), ...verbs.map((verb) => au.statement(verb, results[verb])))).status).toBe(200)
    const attempt = await stored(student.user.id, id)
    expect(attempt.status).toBe(status)
    expect(attempt.cmi5.satisfied).toBe(satisfied)
  })

  it('moveOn NotApplicable: the AU is satisfied at launch', async () => {
    const { id } = await upload(await packageWith((xml) => xml.replace('moveOn="Passed"', 'moveOn="NotApplicable"')))
    await launch(student, id)
    const attempt = await stored(student.user.id, id)
    expect(attempt.status).toBe('completed')
    expect(attempt.cmi5.statements.map((s: any) => s.verb.id.split('/').pop())).toEqual(['launched', 'satisfied'])
  })
})

describe('sessions that end without "terminated", and resuming', () => {
  it('abandons the open session when the AU is launched again, and resumes the same registration with its state', async () => {
    const { id } = await upload(await buildPackage('cmi5'))
    const first = await launch(student, id)
    const au = await session(first)
    expect((await au.send(au.statement('initialized'))).status).toBe(200)
    const put = await lrs(au.stateUrl('suspend_data'), {
      method: 'PUT',
      body: '{"step":2}',
      headers: { Authorization: au.auth, 'Content-Type': 'application/json' },
    })
    expect(put.status).toBe(204)
    const firstSession = (await stored(student.user.id, id)).cmi5.session.id

    const second = await launch(student, id)
    expect(second.res.body.launch.resume).toBe(true)
    expect(second.registration).toBe(first.registration)
    expect(second.activityId).toBe(first.activityId)
    const record = (await stored(student.user.id, id)).cmi5
    const verbs = record.statements.map((s: any) => s.verb.id.split('/').pop())
    expect(verbs).toEqual(['launched', 'abandoned', 'launched'])
    const abandoned = record.statements[1]
    expect(abandoned.context.extensions[SESSION]).toBe(firstSession)
    expect(abandoned.result.duration).toMatch(/^PT\d+S$/)
    expect(record.session.id).not.toBe(firstSession)

    // The abandoned session records nothing more; the new one finds the AU's saved state.
    expect((await au.send(au.statement('terminated', { duration: 'PT5S' }))).status).toBe(403)
    const next = await session(second)
    expect(next.data.contextTemplate.extensions[SESSION]).toBe(record.session.id)
    const saved = await lrs(next.stateUrl('suspend_data'), { headers: { Authorization: next.auth } })
    expect(await saved.text()).toBe('{"step":2}')
  })

  it('abandons the session when the student closes the activity before the AU terminated; not after it did', async () => {
    const { id } = await upload(await buildPackage('cmi5'))
    const l = await launch(student, id)
    const au = await session(l)
    expect((await au.send(au.statement('initialized'))).status).toBe(200)
    const sessionKey = l.res.body.launch.session
    expect((await student.put(`/api/activities/${id}/attempt`, { session: sessionKey, closed: true })).status).toBe(200)
    let record = (await stored(student.user.id, id)).cmi5
    expect(record.statements.map((s: any) => s.verb.id.split('/').pop())).toEqual(['launched', 'abandoned'])
    expect((await au.send(au.statement('terminated', { duration: 'PT5S' }))).status).toBe(403)
    // The fetch URL of an abandoned session hands out nothing.
    expect(await (await fetchToken(l.fetchUrl)).json()).toMatchObject({ 'error-code': '1' })

    const again = await launch(student, id)
    const next = await session(again)
    expect((await next.send(next.statement('initialized'), next.statement('terminated', { duration: 'PT5S' }))).status).toBe(200)
    expect((await student.put(`/api/activities/${id}/attempt`, { session: again.res.body.launch.session, closed: true })).status).toBe(200)
    record = (await stored(student.user.id, id)).cmi5
    expect(record.statements.map((s: any) => s.verb.id.split('/').pop())).toEqual(['launched', 'abandoned', 'launched'])
  })

  it('gives a teacher a preview without launch parameters, and records nothing', async () => {
    const { id } = await upload(await buildPackage('cmi5'))
    const res = await teacher.post(`/api/activities/${id}/open`)
    expect(res.body.attempt).toBeNull()
    expect(new URL(res.body.launch.packageUrl).searchParams.get('fetch')).toBeNull()
  })
})

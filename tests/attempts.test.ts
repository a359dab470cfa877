/**
 * Attempts through real HTTP: opening an activity, SCORM saves, the xAPI LRS, resuming, who reads
 * attempts (the student, their classroom's teacher, users:read staff, nobody else: lists, where
 * queries, by id), and what happens to attempts when a student moves or is deleted.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { type Client, message } from './helpers/client'
import { buildPackage, type PackageKind, XAPI_COURSE_ID } from './helpers/packages'
import { serverForFile } from './helpers/fileServer'
import { buildZip } from './helpers/zips'
import { installPackage, packageClassroom, storedAttempt } from './helpers/content'

let editor: Client
let teacher: Client & { user: any }
let otherTeacher: Client & { user: any }
let student: Client & { user: any }
let otherStudent: Client & { user: any }
let classroomId: number
let moduleId: number

const { server, actors } = serverForFile({ env: { RATE_LIMIT_FACTOR: '50' } })
beforeAll(async () => {
  const room = await packageClassroom(actors, server.payload)
  ;({ editor, teacher, classroomId, moduleId } = room)
  ;[student] = room.students
  otherTeacher = await actors.educator()
  otherStudent = await actors.student((await actors.classroom(otherTeacher)).id)
}, 120_000)

const createActivity = async (type = 'storyline', title = `Activity ${Math.random().toString(36).slice(2, 7)}`) =>
  (await server.payload.create({ collection: 'activities', data: { title, type, markdown: 'Body', module: moduleId } as never, overrideAccess: true }))
    .id as number

const upload = (id: number, zip: Buffer) => installPackage(editor, id, zip)

const packageActivity = async (kind: PackageKind) => {
  const id = await createActivity()
  const res = await upload(id, await buildPackage(kind))
  return { id, res }
}

const open = (client: Client, id: number) => client.post(`/api/activities/${id}/open`)
const save = (client: Client, id: number, body: unknown) => client.put(`/api/activities/${id}/attempt`, body)

const stored = (studentId: unknown, activityId: number) => storedAttempt(server.payload, studentId, activityId)

describe('launch detection on upload', () => {
  it.each([
    ['scorm12', 'index_lms.html', 'scorm12'],
    ['scorm2004', 'index_lms.html', 'scorm2004'],
    ['xapi', 'index_lms.html', 'xapi'],
    ['web', 'story.html', 'none'],
  ] as const)('%s: records the standard and the launch file', async (kind, launchFile, standard) => {
    const { res } = await packageActivity(kind)
    expect(res.body.doc.storyline).toMatchObject({ standard, launchFile })
    if (kind === 'xapi') expect(res.body.doc.storyline.xapiActivityId).toBe(XAPI_COURSE_ID)
    if (kind === 'scorm12') expect(res.body.doc.storyline.masteryScore).toBe(50)
    expect(res.body.warnings).toEqual([])
  })

  it('falls back to story.html with a warning when the manifest names a missing file', async () => {
    const id = await createActivity()
    const res = await upload(
      id,
      await buildZip([
        { name: 'story.html', data: 'web' },
        { name: 'imsmanifest.xml', data: '<manifest><resources><resource identifier="r" href="missing.html" adlcp:scormtype="sco"/></resources></manifest>' },
      ]),
    )
    expect(res.body.doc.storyline).toMatchObject({ standard: 'none', launchFile: 'story.html' })
    expect(res.body.warnings[0]).toContain('missing.html')
  })

  it('accepts an LMS-only publish (no story.html) and makes story.html forward to the launch file', async () => {
    const id = await createActivity()
    const res = await upload(
      id,
      await buildZip([
        {
          name: 'imsmanifest.xml',
          data: '<manifest><metadata><schemaversion>1.2</schemaversion></metadata><resources><resource identifier="r" href="index_lms.html" scormtype="sco"/></resources></manifest>',
        },
        { name: 'index_lms.html', data: 'tracked' },
      ]),
    )
    expect(res.body.doc.storyline).toMatchObject({ standard: 'scorm12', launchFile: 'index_lms.html' })
    const story = await fetch(`${server.contentBase}/uploads/${id}/storyline/story.html`)
    expect(await story.text()).toContain('url=index_lms.html')
  })
})

describe('SCORM: open, save, resume', () => {
  let id: number

  beforeAll(async () => {
    ;({ id } = await packageActivity('scorm12'))
  })

  it('needs a login; a student opens and gets a launch on the content origin with the username as learner name', async () => {
    expect((await open(actors.anonymous(), id)).status).toBe(401)
    const res = await open(student, id)
    expect(res.status).toBe(200)
    expect(res.body.attempt).toMatchObject({ status: 'not-attempted', openCount: 1, attemptCount: 1, standard: 'scorm12' })
    expect(res.body.attempt.session).toBeUndefined()
    const launch = res.body.launch
    expect(launch).toMatchObject({ standard: 'scorm12', resume: false, contentOrigin: server.contentBase })
    expect(launch.launcherUrl).toBe(`${server.contentBase}/launch/${id}`)
    // Under the live upload's version, which changes with every upload (cms/packages/content/packageFiles.ts).
    expect(launch.packageUrl).toMatch(new RegExp(`^${server.contentBase}/uploads/${id}/storyline/v[0-9a-z]+/index_lms\\.html$`))
    expect(launch.scorm.cmi).toMatchObject({
      'cmi.core.student_id': String(student.user.id),
      'cmi.core.student_name': student.user.username,
      'cmi.core.entry': 'ab-initio',
      'cmi.suspend_data': '',
      'cmi.student_data.mastery_score': '50',
    })
  })

  it('saves status, score and resume data, and counts the time of the open session', async () => {
    const { body } = await open(student, id)
    const session = body.launch.session
    await server.payload.update({
      collection: 'attempts',
      id: body.attempt.id,
      data: { session: { key: session, startedAt: new Date(Date.now() - 90_000).toISOString(), baseSeconds: 30 } } as never,
      overrideAccess: true,
    })
    const res = await save(student, id, {
      session,
      cmi: {
        'cmi.core.lesson_status': 'incomplete',
        'cmi.suspend_data': '{"step":2}',
        'cmi.core.lesson_location': 'step-2',
        'cmi.core.exit': 'suspend',
      },
    })
    expect(res.status).toBe(200)
    expect(res.body.attempt).toMatchObject({ status: 'incomplete', resume: { suspendData: '{"step":2}', location: 'step-2', exit: 'suspend' } })
    expect(res.body.attempt.timeSpentSeconds).toBeGreaterThanOrEqual(119)
    expect(res.body.attempt.timeSpentSeconds).toBeLessThan(140)

    const reopened = await open(student, id)
    expect(reopened.body.launch.resume).toBe(true)
    expect(reopened.body.attempt.attemptCount).toBe(1)
    expect(reopened.body.launch.scorm.cmi).toMatchObject({
      'cmi.core.entry': 'resume',
      'cmi.suspend_data': '{"step":2}',
      'cmi.core.lesson_location': 'step-2',
      'cmi.core.lesson_status': 'incomplete',
    })

    const scored = await save(student, id, {
      session: reopened.body.launch.session,
      cmi: { 'cmi.core.score.raw': '80', 'cmi.core.score.max': '100', 'cmi.core.score.min': '0', 'cmi.core.lesson_status': 'passed' },
    })
    expect(scored.body.attempt).toMatchObject({ status: 'passed', score: { raw: 80, max: 100, min: 0, scaled: 0.8 } })
    expect(scored.body.attempt.completedAt).toBeTruthy()

    // Looking at it again does not undo "passed" while the new attempt is unfinished.
    const again = await save(student, id, { session: reopened.body.launch.session, cmi: { 'cmi.core.lesson_status': 'incomplete' } })
    expect(again.body.attempt.status).toBe('passed')
  })

  it('refuses what is not its own data model, unknown fields, and saves before an open', async () => {
    const bad = await save(student, id, { cmi: { 'cmi.core.student_name': 'someone else' } })
    expect(bad.status).toBe(400)
    expect(message(bad)).toContain('Unknown field')
    expect((await save(student, id, { cmi: { 'cmi.suspend_data': 'x'.repeat(5000) } })).status).toBe(400)
    expect((await save(student, id, { score: 100 })).status).toBe(400)
    expect((await save(otherStudent, id, { cmi: { 'cmi.core.lesson_status': 'passed' } })).status).toBe(404)
    expect((await save(student, 999999, {})).status).toBe(404)
    // A save from a session that is no longer the open one (another tab, a window closed late)
    // changes nothing.
    const stale = await save(student, id, { session: 'an-earlier-session', cmi: { 'cmi.core.lesson_status': 'failed', 'cmi.suspend_data': '' } })
    expect(stale.status).toBe(200)
    expect(stale.body.attempt.status).toBe('passed')
    expect(stale.body.attempt.resume.suspendData).toBe('{"step":2}')
  })

  it('SCORM 2004: scaled score, success and completion', async () => {
    const { id: id2004 } = await packageActivity('scorm2004')
    const { body } = await open(student, id2004)
    expect(body.launch.scorm.cmi).toMatchObject({
      'cmi.learner_name': student.user.username,
      'cmi.entry': 'ab-initio',
      'cmi.learner_id': String(student.user.id),
    })
    const res = await save(student, id2004, {
      session: body.launch.session,
      cmi: {
        'cmi.score.scaled': '0.9',
        'cmi.score.raw': '9',
        'cmi.score.max': '10',
        'cmi.success_status': 'failed',
        'cmi.completion_status': 'completed',
        'cmi.exit': 'suspend',
        'cmi.suspend_data': 'abc',
      },
    })
    expect(res.body.attempt).toMatchObject({ status: 'failed', score: { scaled: 0.9, raw: 9, max: 10 } })
    // exit = suspend: the next open resumes even though it is finished.
    expect((await open(student, id2004)).body.launch.scorm.cmi).toMatchObject({
      'cmi.entry': 'resume',
      'cmi.suspend_data': 'abc',
      'cmi.success_status': 'failed',
    })
  })

  it('a finished attempt without suspend starts anew: a new attempt, resume data cleared, result kept', async () => {
    const { id: fresh } = await packageActivity('scorm12')
    const first = await open(student, fresh)
    await save(student, fresh, {
      session: first.body.launch.session,
      cmi: { 'cmi.core.lesson_status': 'failed', 'cmi.core.score.raw': '20', 'cmi.suspend_data': 'old', 'cmi.core.exit': '' },
    })
    const second = await open(student, fresh)
    expect(second.body.launch.resume).toBe(false)
    expect(second.body.attempt).toMatchObject({ attemptCount: 2, openCount: 2, status: 'failed', resume: { suspendData: '' } })
    expect(second.body.launch.scorm.cmi['cmi.core.entry']).toBe('ab-initio')
  })
})

describe('non-quiz activities and packages without tracking', () => {
  it('records that the student opened a reading', async () => {
    const id = await createActivity('readings')
    const res = await open(student, id)
    expect(res.status).toBe(200)
    expect(res.body.launch).toBeNull()
    expect(res.body.attempt).toMatchObject({ status: 'not-attempted', openCount: 1, attemptCount: 0 })
    expect(res.body.attempt.firstOpenedAt).toBeTruthy()
    expect((await open(student, id)).body.attempt.openCount).toBe(2)
  })

  it('a Web publish launches story.html with no runtime and counts one attempt', async () => {
    const { id } = await packageActivity('web')
    const res = await open(student, id)
    expect(res.body.launch.standard).toBe('none')
    expect(res.body.launch.packageUrl).toMatch(new RegExp(`^${server.contentBase}/uploads/${id}/storyline/v[0-9a-z]+/story\\.html$`))
    expect(res.body.launch.scorm).toBeUndefined()
    expect((await open(student, id)).body.attempt).toMatchObject({ attemptCount: 1, openCount: 2 })
    expect((await save(student, id, { cmi: { 'cmi.core.lesson_status': 'passed' } })).status).toBe(400)
  })
})

describe('xAPI: the launch and the LRS', () => {
  let id: number
  let launch: any
  let auth: string

  const lrs = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}, origin = server.contentBase) =>
    fetch(`${server.base}/api/xapi/${path}`, { ...init, headers: { Origin: origin, 'X-Experience-API-Version': '1.0.3', ...init.headers } })

  beforeAll(async () => {
    ;({ id } = await packageActivity('xapi'))
    launch = (await open(student, id)).body.launch
    auth = new URL(launch.packageUrl).searchParams.get('auth')!
  })

  it('launches index_lms.html with endpoint, auth and an actor that names the student by username, no email', () => {
    const url = new URL(launch.packageUrl)
    expect(url.origin + url.pathname).toMatch(new RegExp(`^${server.contentBase}/uploads/${id}/storyline/v[0-9a-z]+/index_lms\\.html$`))
    expect(url.searchParams.get('endpoint')).toBe(`${server.base}/api/xapi/`)
    expect(auth).toMatch(/^Basic /)
    const actor = JSON.parse(url.searchParams.get('actor')!)
    expect(actor).toEqual({ objectType: 'Agent', name: student.user.username, account: { homePage: server.base, name: String(student.user.id) } })
    expect(url.searchParams.get('registration')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('answers the preflight from the content origin only', async () => {
    const ok = await lrs('statements', {
      method: 'OPTIONS',
      headers: { 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    })
    expect(ok.status).toBe(204)
    expect(ok.headers.get('access-control-allow-origin')).toBe(server.contentBase)
    expect(ok.headers.get('access-control-allow-headers')).toMatch(/Authorization/)
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull()
    const other = await lrs('statements', { method: 'OPTIONS' }, 'https://evil.example')
    expect(other.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('keeps state documents for resuming, and records what statements say about the course', async () => {
    const registration = new URL(launch.packageUrl).searchParams.get('registration')!
    const state = (stateId: string) =>
      `activities/state?activityId=${encodeURIComponent(XAPI_COURSE_ID)}&stateId=${stateId}&registration=${registration}&agent=%7B%7D`
    expect((await lrs(state('suspend_data'), { headers: { Authorization: auth } })).status).toBe(404)
    const put = await lrs(state('suspend_data'), {
      method: 'PUT',
      body: '{"step":2}',
      headers: { Authorization: auth, 'Content-Type': 'application/octet-stream' },
    })
    expect(put.status).toBe(204)
    const got = await lrs(state('suspend_data'), { headers: { Authorization: auth } })
    expect(got.status).toBe(200)
    expect(await got.text()).toBe('{"step":2}')
    expect(got.headers.get('access-control-allow-origin')).toBe(server.contentBase)

    const statement = (verb: string, object = XAPI_COURSE_ID, result?: unknown) => ({
      actor: { name: 'x', account: { homePage: 'h', name: 'n' } },
      verb: { id: `http://adlnet.gov/expapi/verbs/${verb}` },
      object: { id: object },
      ...(result ? { result } : {}),
    })
    const posted = await lrs('statements', {
      method: 'POST',
      body: JSON.stringify([statement('attempted'), statement('answered', `${XAPI_COURSE_ID}/q1`, { success: true })]),
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
    })
    expect(posted.status).toBe(200)
    expect(await posted.json()).toHaveLength(2)
    expect((await stored(student.user.id, id)).status).toBe('incomplete')
    // Unfinished: reopening keeps the registration, so the package finds its state again.
    const resumed = (await open(student, id)).body.launch
    expect(new URL(resumed.packageUrl).searchParams.get('registration')).toBe(registration)
    expect(resumed.resume).toBe(true)

    const passed = await lrs(`statements?statementId=${crypto.randomUUID()}`, {
      method: 'PUT',
      body: JSON.stringify(statement('passed', XAPI_COURSE_ID, { score: { raw: 9, min: 0, max: 10, scaled: 0.9 }, success: true, completion: true })),
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
    })
    expect(passed.status).toBe(204)
    const attempt = await stored(student.user.id, id)
    expect(attempt).toMatchObject({ status: 'passed', score: { raw: 9, max: 10, scaled: 0.9 } })

    // Finished: the next open is a new attempt with a new registration (fresh state); the result stays.
    const again = await open(student, id)
    expect(new URL(again.body.launch.packageUrl).searchParams.get('registration')).not.toBe(registration)
    expect(again.body.attempt).toMatchObject({ status: 'passed', attemptCount: 2 })
  })

  it('an unfinished xAPI attempt resumes (same registration) even before the package saved any state', async () => {
    const { id: fresh } = await packageActivity('xapi')
    const first = (await open(student, fresh)).body.launch
    const url = new URL(first.packageUrl)
    const sent = await lrs('statements', {
      method: 'POST',
      body: JSON.stringify({ actor: {}, verb: { id: 'http://adlnet.gov/expapi/verbs/attempted' }, object: { id: XAPI_COURSE_ID } }),
      headers: { Authorization: url.searchParams.get('auth')!, 'Content-Type': 'application/json' },
    })
    expect(sent.status).toBe(200)
    const again = await open(student, fresh)
    expect(again.body.launch.resume).toBe(true)
    expect(new URL(again.body.launch.packageUrl).searchParams.get('registration')).toBe(url.searchParams.get('registration'))
    expect(again.body.attempt).toMatchObject({ status: 'incomplete', attemptCount: 1, openCount: 2 })
  })

  it('refuses a missing, forged or expired token, and a token opens only its own attempt', async () => {
    expect((await lrs('statements', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } })).status).toBe(401)
    const forged = auth.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    expect((await lrs('activities/state?activityId=a&stateId=b', { headers: { Authorization: forged } })).status).toBe(401)
    const { issueLaunchToken, basicAuth } = await import('../cms/attempts/token')
    const expired = basicAuth(issueLaunchToken(server.payload.secret, student.user.id, id, Date.now() - 9 * 3600 * 1000))
    expect((await lrs('activities/state?activityId=a&stateId=b', { headers: { Authorization: expired } })).status).toBe(401)
    // The session cookie is no way in.
    expect((await otherStudent.get('/api/xapi/activities/state?activityId=a&stateId=b')).status).toBe(401)
    // Another student's token reads their own (empty) state, never this student's.
    const otherLaunch = (await open(otherStudent, id)).body.launch
    const otherAuth = new URL(otherLaunch.packageUrl).searchParams.get('auth')!
    const reg = new URL(launch.packageUrl).searchParams.get('registration')!
    const res = await lrs(`activities/state?activityId=${encodeURIComponent(XAPI_COURSE_ID)}&stateId=suspend_data&registration=${reg}`, {
      headers: { Authorization: otherAuth },
    })
    expect(res.status).toBe(404)
  })
})

describe('who reads attempts', () => {
  let id: number

  beforeAll(async () => {
    id = await createActivity('default')
    await open(student, id)
    await open(otherStudent, id)
  })

  const ids = (res: { body: any }) => (res.body.docs ?? []).map((d: any) => d.student)

  it('the student reads their own only; another student and teacher read none of theirs', async () => {
    const mine = await student.get(`/api/attempts?where[activity][equals]=${id}&depth=0`)
    expect(ids(mine)).toEqual([student.user.id])
    expect(mine.body.docs[0].resume).toBeDefined()
    const theirs = await otherStudent.get(`/api/attempts?where[student][equals]=${student.user.id}&depth=0`)
    expect(theirs.body.docs).toEqual([])
    const otherTeachers = await otherTeacher.get(`/api/attempts?where[student][equals]=${student.user.id}&depth=0`)
    expect(otherTeachers.body.docs).toEqual([])
    const attemptId = (await stored(student.user.id, id)).id
    expect((await otherStudent.get(`/api/attempts/${attemptId}`)).status).toBe(404)
    expect((await otherTeacher.get(`/api/attempts/${attemptId}`)).status).toBe(404)
    expect((await actors.anonymous().get('/api/attempts')).status).toBe(403)
  })

  it("the teacher reads the classroom's attempts in one query, without resume data", async () => {
    const res = await teacher.get(`/api/attempts?where[classroom][equals]=${classroomId}&limit=100&depth=0`)
    expect(res.status).toBe(200)
    expect(res.body.docs.length).toBeGreaterThan(0)
    expect(res.body.docs.every((d: any) => d.student === student.user.id)).toBe(true)
    expect(res.body.docs[0].resume).toBeUndefined()
    expect(res.body.docs[0].session).toBeUndefined()
    // a where on another student cannot widen it
    const widened = await teacher.get(
      `/api/attempts?where[or][0][student][equals]=${otherStudent.user.id}&where[or][1][classroom][exists]=true&depth=0&limit=100`,
    )
    expect(widened.body.docs.every((d: any) => d.student === student.user.id)).toBe(true)
    // depth does not hand the teacher the student's account
    const deep = await teacher.get(`/api/attempts?where[activity][equals]=${id}&depth=2`)
    expect(deep.body.docs).toHaveLength(1)
    expect(deep.body.docs[0].student).toBe(student.user.id)
  })

  it('users:read staff read all; nobody writes through the collection API', async () => {
    const staff = await actors.staff('users:read')
    const res = await staff.get(`/api/attempts?where[activity][equals]=${id}&depth=0`)
    expect(ids(res).sort()).toEqual([student.user.id, otherStudent.user.id].sort())
    const attemptId = (await stored(student.user.id, id)).id
    for (const client of [student, teacher, staff]) {
      expect([403, 404]).toContain((await client.patch(`/api/attempts/${attemptId}`, { status: 'passed' })).status)
      expect((await client.post('/api/attempts', { student: student.user.id, activity: id, status: 'passed' })).status).toBe(403)
    }
    expect((await stored(student.user.id, id)).status).toBe('not-attempted')
  })

  it("moving a student moves their attempts to the new classroom's teacher; deleting them deletes their attempts", async () => {
    const newTeacher = await actors.educator()
    const newClass = await actors.classroom(newTeacher)
    const mover = await actors.student(classroomId)
    await open(mover, id)
    await server.payload.update({ collection: 'users', id: mover.user.id, data: { attributes: { classroom: newClass.id } } as never, overrideAccess: true })
    expect(ids(await newTeacher.get(`/api/attempts?where[activity][equals]=${id}&depth=0`))).toEqual([mover.user.id])
    expect(ids(await teacher.get(`/api/attempts?where[activity][equals]=${id}&depth=0`))).not.toContain(mover.user.id)

    const admin = await actors.staff('users:write')
    expect((await admin.delete(`/api/users/${mover.user.id}`)).status).toBe(200)
    expect(await stored(mover.user.id, id)).toBeUndefined()
    expect((await server.payload.count({ collection: 'attempts', where: { student: { exists: false } }, overrideAccess: true })).totalDocs).toBe(0)
  })

  it('deleting an activity deletes its attempts', async () => {
    const doomed = await createActivity('default')
    await open(student, doomed)
    await server.payload.delete({ collection: 'activities', id: doomed, overrideAccess: true })
    expect((await server.payload.count({ collection: 'attempts', where: { activity: { equals: doomed } }, overrideAccess: true })).totalDocs).toBe(0)
  })
})

describe('the content origin', () => {
  it('serves the launcher, framed only by the product, and nothing of the product', async () => {
    const res = await fetch(`${server.contentBase}/launch/12`)
    expect(res.status).toBe(200)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(`frame-ancestors 'self' ${server.base}`)
    // Only the launcher's own (inlined) scripts run, pinned by hash: no file of the origin.
    expect(csp).toMatch(/script-src 'sha256-[^;]+;/)
    expect(csp).not.toMatch(/script-src[^;]*'self'/)
    const html = await res.text()
    expect(html).toContain(`content="${server.base}"`)
    expect((await fetch(`${server.contentBase}/launcher/launcher.css`)).status).toBe(200)
    expect((await fetch(`${server.contentBase}/launcher/storage-shim.js`)).status).toBe(200)
    for (const path of ['/api/users/me', '/api/health', '/', '/login', '/uploads/media/x.png', '/launch/..%2f', '/launcher/../package.json']) {
      expect((await fetch(server.contentBase + path)).status, path).toBe(404)
    }
  })
})

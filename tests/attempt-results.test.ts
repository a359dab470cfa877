/**
 * What an attempt keeps when several sessions of one student report, in any order: the best
 * result (status and score together), the newest resume state, xAPI state written only over the
 * version the package read (If-Match / If-None-Match, 412), and statements recorded once per id.
 * Through real HTTP, on SQLite or PostgreSQL (TEST_POSTGRES_URL).
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { type Client, message } from './helpers/client'
import { buildPackage, type PackageKind, XAPI_COURSE_ID } from './helpers/packages'
import { serverForFile } from './helpers/fileServer'
import { activityWithPackage, packageClassroom, storedAttempt } from './helpers/content'

let teacher: Client & { user: any }
let student: Client & { user: any }
let editor: Client
let classroomId: number
let moduleId: number

const { server, actors } = serverForFile({ env: { RATE_LIMIT_FACTOR: '50' } })
beforeAll(async () => {
  const room = await packageClassroom(actors, server.payload)
  ;({ editor, teacher, classroomId, moduleId } = room)
  ;[student] = room.students
}, 120_000)

const packageActivity = async (kind: PackageKind) => activityWithPackage(server.payload, editor, moduleId, await buildPackage(kind))

/** A tab: the session its open was given. */
const openTab = async (id: number): Promise<string> => {
  const res = await student.post(`/api/activities/${id}/open`)
  expect(res.status).toBe(200)
  return res.body.launch.session
}
const save = (id: number, body: Record<string, unknown>) => student.put(`/api/activities/${id}/attempt`, body)
const scorm = (status: string, raw?: number, extra: Record<string, string> = {}) => ({
  'cmi.core.lesson_status': status,
  ...(raw === undefined ? {} : { 'cmi.core.score.raw': String(raw), 'cmi.core.score.min': '0', 'cmi.core.score.max': '100' }),
  ...extra,
})

const stored = (activityId: number) => storedAttempt(server.payload, student.user.id, activityId)

/** The teacher's grid cell for the student and activity. */
const gridCell = async (activityId: number) => {
  const res = await teacher.get(`/api/classrooms/${classroomId}/progress`)
  expect(res.status).toBe(200)
  return res.body.attempts.find((a: any) => String(a.activity) === String(activityId) && String(a.student) === String(student.user.id))
}

describe('SCORM: every session reports, the best result is kept', () => {
  it('a pass from the tab opened first counts, and the other tab closing later does not undo it', async () => {
    const id = await packageActivity('scorm12')
    const first = await openTab(id)
    const second = await openTab(id)
    const passed = await save(id, { session: first, cmi: scorm('passed', 90) })
    expect(passed.status).toBe(200)
    expect(passed.body.attempt).toMatchObject({ status: 'passed', score: { raw: 90, scaled: 0.9 } })
    const closed = await save(id, { session: second, cmi: scorm('incomplete'), closed: true })
    expect(closed.status).toBe(200)
    expect(await stored(id)).toMatchObject({ status: 'passed', score: { raw: 90, scaled: 0.9 } })
    expect(await gridCell(id)).toMatchObject({ status: 'passed', score: 90 })
  })

  it("the reverse order: an older tab reporting late does not undo the newer tab's pass", async () => {
    const id = await packageActivity('scorm12')
    const first = await openTab(id)
    const second = await openTab(id)
    await save(id, { session: second, cmi: scorm('passed', 90) })
    await save(id, { session: first, cmi: scorm('incomplete', 10), closed: true })
    expect(await stored(id)).toMatchObject({ status: 'passed', score: { raw: 90 } })
  })

  it('a later, lower report in the same session keeps "passed 90", never "passed 40"', async () => {
    const id = await packageActivity('scorm12')
    const session = await openTab(id)
    await save(id, { session, cmi: scorm('passed', 90) })
    const lower = await save(id, { session, cmi: scorm('incomplete', 40) })
    expect(lower.body.attempt).toMatchObject({ status: 'passed', score: { raw: 90, scaled: 0.9 } })
    const failed = await save(id, { session, cmi: scorm('failed', 20) })
    expect(failed.body.attempt).toMatchObject({ status: 'passed', score: { raw: 90 } })
  })

  it('after a reopen, the new try starting at 0 keeps the earlier pass; a better retake replaces it', async () => {
    const id = await packageActivity('scorm12')
    const firstTry = await openTab(id)
    await save(id, { session: firstTry, cmi: scorm('passed', 90) })
    const secondTry = await openTab(id)
    expect((await stored(id)).attemptCount).toBe(2)
    const started = await save(id, { session: secondTry, cmi: scorm('incomplete', 0) })
    expect(started.body.attempt).toMatchObject({ status: 'passed', score: { raw: 90, scaled: 0.9 } })
    expect(await gridCell(id)).toMatchObject({ status: 'passed', score: 90 })
    const completedAt = (await stored(id)).completedAt
    expect(completedAt).toBeTruthy()
    const better = await save(id, { session: secondTry, cmi: scorm('passed', 95) })
    expect(better.body.attempt).toMatchObject({ status: 'passed', score: { raw: 95 } })
    // Still passed since the first pass: done then, not when the score rose.
    expect((await stored(id)).completedAt).toBe(completedAt)
    expect(await gridCell(id)).toMatchObject({ status: 'passed', score: 95 })
    const csv = await teacher.get(`/api/classrooms/${classroomId}/progress/csv`)
    expect(csv.status).toBe(200)
    expect(String(csv.body)).toContain('95')
  })

  it('the resume state is the newest the package reported in the current try', async () => {
    const id = await packageActivity('scorm12')
    const first = await openTab(id)
    const second = await openTab(id)
    const t0 = Date.now()
    await save(id, { session: second, cmi: scorm('incomplete', undefined, { 'cmi.suspend_data': 'second', 'cmi.core.lesson_location': 'slide-5' }) })
    // A save the first tab kept while offline, reported before the second tab's, arrives now.
    const late = await save(id, {
      session: first,
      reportedAt: new Date(t0 - 60_000).toISOString(),
      cmi: scorm('incomplete', undefined, { 'cmi.suspend_data': 'first-offline', 'cmi.core.lesson_location': 'slide-2' }),
    })
    expect(late.status).toBe(200)
    expect(late.body.attempt.resume).toMatchObject({ suspendData: 'second', location: 'slide-5' })
    // The first tab goes on and reports after: it is the newest now.
    const newer = await save(id, {
      session: first,
      cmi: scorm('incomplete', undefined, { 'cmi.suspend_data': 'first', 'cmi.core.lesson_location': 'slide-6' }),
    })
    expect(newer.body.attempt.resume).toMatchObject({ suspendData: 'first', location: 'slide-6' })
  })

  it('a session of an earlier try still reports its result, but not its resume state into the new try', async () => {
    const id = await packageActivity('scorm12')
    const firstTry = await openTab(id)
    await save(id, { session: firstTry, cmi: scorm('failed', 30) })
    const secondTry = await openTab(id)
    await save(id, { session: secondTry, cmi: scorm('incomplete', undefined, { 'cmi.suspend_data': 'try-2' }) })
    const old = await save(id, { session: firstTry, cmi: scorm('passed', 80, { 'cmi.suspend_data': 'try-1' }) })
    expect(old.body.attempt).toMatchObject({ status: 'passed', score: { raw: 80 }, resume: { suspendData: 'try-2' } })
  })

  it('a session the server did not give, or gave for another activity, changes nothing; a bad reportedAt is a 400', async () => {
    const id = await packageActivity('scorm12')
    const other = await packageActivity('scorm12')
    await openTab(id)
    const otherSession = await openTab(other)
    for (const session of ['made-up', `1.${crypto.randomUUID()}.AAAAAAAAAAAAAAAAAAAAAA`, otherSession]) {
      const res = await save(id, { session, cmi: scorm('passed', 100) })
      expect(res.status).toBe(200)
      expect(res.body.attempt.status).toBe('not-attempted')
    }
    const bad = await save(id, { session: otherSession, reportedAt: 'yesterday', cmi: scorm('passed', 100) })
    expect(bad.status).toBe(400)
    expect(message(bad)).toContain('reportedAt')
  })
})

describe('xAPI', () => {
  let id: number
  let auth: string
  let registration: string

  const lrs = (path: string, init: RequestInit & { headers?: Record<string, string> } = {}) =>
    fetch(`${server.base}/api/xapi/${path}`, {
      ...init,
      headers: { Origin: server.contentBase, 'X-Experience-API-Version': '1.0.3', Authorization: auth, ...init.headers },
    })
  const state = (stateId: string) =>
    `activities/state?activityId=${encodeURIComponent(XAPI_COURSE_ID)}&stateId=${stateId}&registration=${registration}&agent=%7B%7D`
  const put = (stateId: string, body: string, headers: Record<string, string> = {}) =>
    lrs(state(stateId), { method: 'PUT', body, headers: { 'Content-Type': 'application/octet-stream', ...headers } })
  const read = async (stateId: string) => {
    const res = await lrs(state(stateId))
    return { status: res.status, text: await res.text(), etag: res.headers.get('etag') }
  }
  const statement = (verb: string, result?: unknown, object = XAPI_COURSE_ID) => ({
    actor: { name: 'x', account: { homePage: 'h', name: 'n' } },
    verb: { id: `http://adlnet.gov/expapi/verbs/${verb}` },
    object: { id: object },
    ...(result ? { result } : {}),
  })
  const putStatement = (statementId: string, body: unknown) =>
    lrs(`statements?statementId=${statementId}`, { method: 'PUT', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })
  const postStatements = (body: unknown) => lrs('statements', { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } })

  beforeAll(async () => {
    id = await packageActivity('xapi')
    const launch = (await student.post(`/api/activities/${id}/open`)).body.launch
    const url = new URL(launch.packageUrl)
    auth = url.searchParams.get('auth')!
    registration = url.searchParams.get('registration')!
  })

  it('writes a state document over the version read (If-Match) and refuses a stale one with 412, changing nothing', async () => {
    expect((await put('suspend_data', 'v1', { 'If-None-Match': '*' })).status).toBe(204)
    const v1 = await read('suspend_data')
    expect(v1).toMatchObject({ status: 200, text: 'v1' })
    expect(v1.etag).toMatch(/^"[0-9a-f]{40}"$/)

    // Tab B read v1 and writes v2; tab A, still on v1, then tries to write its older state.
    const v2 = await put('suspend_data', 'v2', { 'If-Match': v1.etag! })
    expect(v2.status).toBe(204)
    expect(v2.headers.get('etag')).toBe((await read('suspend_data')).etag)
    const stale = await put('suspend_data', 'stale', { 'If-Match': v1.etag! })
    expect(stale.status).toBe(412)
    expect(await read('suspend_data')).toMatchObject({ text: 'v2' })

    // If-None-Match: * only creates.
    expect((await put('suspend_data', 'again', { 'If-None-Match': '*' })).status).toBe(412)
    // If-Match on a document that does not exist fails too.
    expect((await put('bookmark', 'b', { 'If-Match': v1.etag! })).status).toBe(412)
    expect((await read('bookmark')).status).toBe(404)
    // POST (merge) and DELETE honour If-Match the same way.
    expect((await put('resume', '{"a":1}')).status).toBe(204)
    const resume = await read('resume')
    expect((await put('resume', '{"a":2}')).status).toBe(204)
    const merge = await lrs(state('resume'), { method: 'POST', body: '{"b":1}', headers: { 'Content-Type': 'application/json', 'If-Match': resume.etag! } })
    expect(merge.status).toBe(412)
    const removed = await lrs(state('resume'), { method: 'DELETE', headers: { 'If-Match': resume.etag! } })
    expect(removed.status).toBe(412)
    expect(await read('resume')).toMatchObject({ text: '{"a":2}' })
  })

  it('a write with neither header replaces the document (the State Resource permits it)', async () => {
    expect((await put('cumulative_time', '1')).status).toBe(204)
    expect((await put('cumulative_time', '2')).status).toBe(204)
    expect(await read('cumulative_time')).toMatchObject({ text: '2' })
  })

  it('records a statement once per id: the same again is a no-op, other content under the same id is a 409', async () => {
    const passedId = crypto.randomUUID()
    const passed = statement('passed', { success: true, score: { raw: 90, min: 0, max: 100, scaled: 0.9 } })
    expect((await putStatement(passedId, passed)).status).toBe(204)
    expect(await stored(id)).toMatchObject({ status: 'passed', score: { raw: 90 } })
    // Sent again (a retry after a lost answer), with what an LRS sets itself added: no change, 204.
    expect((await putStatement(passedId, { ...passed, id: passedId.toUpperCase(), stored: new Date().toISOString() })).status).toBe(204)
    // The same id with other content: 409, nothing recorded.
    const other = await putStatement(passedId, statement('failed', { success: false, score: { raw: 20, min: 0, max: 100, scaled: 0.2 } }))
    expect(other.status).toBe(409)
    expect(await stored(id)).toMatchObject({ status: 'passed', score: { raw: 90 } })

    // A stale tab's "failed 20" under a new id does not replace the pass.
    expect((await putStatement(crypto.randomUUID(), statement('failed', { success: false, score: { raw: 20, min: 0, max: 100, scaled: 0.2 } }))).status).toBe(
      204,
    )
    expect(await stored(id)).toMatchObject({ status: 'passed', score: { raw: 90, scaled: 0.9 } })

    // A batch with the known id and the same content answers its ids; with other content the whole batch is refused.
    const again = await postStatements([{ ...passed, id: passedId }])
    expect(again.status).toBe(200)
    expect(await again.json()).toEqual([passedId])
    const better = statement('passed', { success: true, score: { raw: 100, min: 0, max: 100, scaled: 1 } })
    const mixed = await postStatements([
      { ...better, id: crypto.randomUUID() },
      { ...statement('failed'), id: passedId },
    ])
    expect(mixed.status).toBe(409)
    expect(await stored(id)).toMatchObject({ score: { raw: 90 } })

    // The ids received are the server's own: not in the student's (or anybody's) answer.
    const own = await student.get(`/api/attempts/${(await stored(id)).id}`)
    expect(own.status).toBe(200)
    expect(own.body.statementsReceived).toBeUndefined()
    expect(own.body.session).toBeUndefined()
  })

  it('refuses a statement id that is not a UUID, and two statements with one id in a batch', async () => {
    expect((await putStatement('not-a-uuid', statement('attempted'))).status).toBe(400)
    const id1 = crypto.randomUUID()
    expect(
      (
        await postStatements([
          { ...statement('attempted'), id: id1 },
          { ...statement('attempted'), id: id1 },
        ])
      ).status,
    ).toBe(400)
    expect((await putStatement(crypto.randomUUID(), { ...statement('attempted'), id: crypto.randomUUID() })).status).toBe(400)
  })
})

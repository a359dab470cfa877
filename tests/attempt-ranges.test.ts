/**
 * What a package reports is checked against the data model before anything is stored, through real
 * HTTP: SCORM 1.2 scores are decimals from 0 to 100 with raw between min and max, SCORM 2004 scaled
 * scores lie from -1 to 1, xAPI scaled scores too; a value out of range is a 400 naming the element.
 * Where the manifest gives a mastery score, the stored SCORM 1.2 status follows the raw score.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { type Client, fieldMessages, message } from './helpers/client'
import { buildPackage, type PackageKind, XAPI_COURSE_ID } from './helpers/packages'
import { serverForFile } from './helpers/fileServer'
import { activityWithPackage, packageClassroom, storedAttempt } from './helpers/content'

let editor: Client
let classroomId: number | string
let moduleId: number

const { server, actors } = serverForFile({ env: { RATE_LIMIT_FACTOR: '50' } })
beforeAll(async () => {
  ;({ editor, classroomId, moduleId } = await packageClassroom(actors, server.payload, 0))
}, 120_000)

/** A package activity of this kind (the SCORM 1.2 one's manifest gives a mastery score of 50). */
const packageActivity = async (kind: PackageKind) => activityWithPackage(server.payload, editor, moduleId, await buildPackage(kind), `Quiz ${kind}`)

/** A fresh student who opened the activity: the client, and the session the saves must name. */
const opened = async (activityId: number) => {
  const student = await actors.student(classroomId)
  const res = await student.post(`/api/activities/${activityId}/open`)
  expect(res.status).toBe(200)
  return { student, launch: res.body.launch }
}

const stored = (studentId: unknown, activityId: number) => storedAttempt(server.payload, studentId, activityId)

describe('SCORM 1.2', () => {
  let id: number
  beforeAll(async () => {
    id = await packageActivity('scorm12')
  })

  it.each([
    [{ 'cmi.core.score.raw': '1e308', 'cmi.core.score.max': '1' }, 'cmi.core.score.raw', 'cmi.core.score.raw must be a decimal number from 0 to 100.'],
    [{ 'cmi.core.score.raw': '101' }, 'cmi.core.score.raw', 'cmi.core.score.raw must be a decimal number from 0 to 100.'],
    [{ 'cmi.core.score.raw': '-1' }, 'cmi.core.score.raw', 'cmi.core.score.raw must be a decimal number from 0 to 100.'],
    [{ 'cmi.core.score.raw': 'Infinity' }, 'cmi.core.score.raw', 'cmi.core.score.raw must be a decimal number from 0 to 100.'],
    [{ 'cmi.core.score.max': '1000' }, 'cmi.core.score.max', 'cmi.core.score.max must be a decimal number from 0 to 100.'],
    [{ 'cmi.core.score.min': '0x10' }, 'cmi.core.score.min', 'cmi.core.score.min must be a decimal number from 0 to 100.'],
    [
      { 'cmi.core.score.raw': '50', 'cmi.core.score.max': '1' },
      'cmi.core.score.raw',
      'cmi.core.score.raw must be between cmi.core.score.min and cmi.core.score.max.',
    ],
    [{ 'cmi.core.score.min': '60', 'cmi.core.score.max': '40' }, 'cmi.core.score.min', 'cmi.core.score.min must not be more than cmi.core.score.max.'],
  ])('%j is refused with a 400 naming %s, and nothing is stored', async (score, element, text) => {
    const { student, launch } = await opened(id)
    const res = await student.put(`/api/activities/${id}/attempt`, { session: launch.session, cmi: { 'cmi.core.lesson_status': 'passed', ...score } })
    expect({ status: res.status, message: message(res), field: fieldMessages(res)[`cmi.${element}`] }).toEqual({ status: 400, message: text, field: text })
    expect(await stored(student.user.id, id)).toMatchObject({ status: 'not-attempted', score: { raw: null } })
  })

  it.each([
    ['passed', '30', 'failed'],
    ['failed', '70', 'passed'],
    ['completed', '50', 'passed'],
    ['completed', '49.5', 'failed'],
    ['incomplete', '30', 'incomplete'],
    ['passed', '', 'passed'],
  ])('with the mastery score of 50, "%s" reported with raw %s is stored as %s', async (reported, raw, expected) => {
    const { student, launch } = await opened(id)
    const res = await student.put(`/api/activities/${id}/attempt`, {
      session: launch.session,
      cmi: { 'cmi.core.lesson_status': reported, 'cmi.core.score.raw': raw, 'cmi.core.score.min': '0', 'cmi.core.score.max': '100' },
    })
    expect(res.status).toBe(200)
    expect(res.body.attempt.status).toBe(expected)
    expect((await stored(student.user.id, id)).status).toBe(expected)
  })

  it.each([
    ['failed', '3', '3', 'passed'],
    ['passed', '1', '3', 'failed'],
    ['failed', '1', '2', 'passed'],
  ])('the mastery score is a share of the score range: "%s" with %s out of %s is stored as %s', async (reported, raw, max, expected) => {
    const { student, launch } = await opened(id)
    const res = await student.put(`/api/activities/${id}/attempt`, {
      session: launch.session,
      cmi: { 'cmi.core.lesson_status': reported, 'cmi.core.score.raw': raw, 'cmi.core.score.min': '0', 'cmi.core.score.max': max },
    })
    expect(res.status).toBe(200)
    expect((await stored(student.user.id, id)).status).toBe(expected)
  })

  it('a score within range is stored as reported', async () => {
    const { student, launch } = await opened(id)
    const res = await student.put(`/api/activities/${id}/attempt`, {
      session: launch.session,
      cmi: { 'cmi.core.lesson_status': 'passed', 'cmi.core.score.raw': '80.5', 'cmi.core.score.min': '0', 'cmi.core.score.max': '100' },
    })
    expect(res.status).toBe(200)
    expect(await stored(student.user.id, id)).toMatchObject({ status: 'passed', score: { raw: 80.5, min: 0, max: 100, scaled: 0.805 } })
  })
})

describe('SCORM 2004', () => {
  let id: number
  beforeAll(async () => {
    id = await packageActivity('scorm2004')
  })

  it.each([
    [{ 'cmi.score.scaled': '1.5' }, 'cmi.score.scaled', 'cmi.score.scaled must be a decimal number from -1 to 1.'],
    [{ 'cmi.score.scaled': '-1.01' }, 'cmi.score.scaled', 'cmi.score.scaled must be a decimal number from -1 to 1.'],
    [{ 'cmi.score.scaled': '1e308' }, 'cmi.score.scaled', 'cmi.score.scaled must be a decimal number from -1 to 1.'],
    [{ 'cmi.progress_measure': '2' }, 'cmi.progress_measure', 'cmi.progress_measure must be a decimal number from 0 to 1.'],
    [{ 'cmi.score.raw': '1e308', 'cmi.score.max': '1' }, 'cmi.score.raw', 'cmi.score.raw must be a decimal number.'],
    [
      { 'cmi.score.raw': '150', 'cmi.score.min': '0', 'cmi.score.max': '100' },
      'cmi.score.raw',
      'cmi.score.raw must be between cmi.score.min and cmi.score.max.',
    ],
  ])('%j is refused with a 400 naming %s, and nothing is stored', async (score, element, text) => {
    const { student, launch } = await opened(id)
    const res = await student.put(`/api/activities/${id}/attempt`, {
      session: launch.session,
      cmi: { 'cmi.completion_status': 'completed', 'cmi.success_status': 'passed', ...score },
    })
    expect({ status: res.status, message: message(res), field: fieldMessages(res)[`cmi.${element}`] }).toEqual({ status: 400, message: text, field: text })
    expect(await stored(student.user.id, id)).toMatchObject({ status: 'not-attempted', score: { scaled: null } })
  })

  it('a score within range is stored as reported', async () => {
    const { student, launch } = await opened(id)
    const res = await student.put(`/api/activities/${id}/attempt`, {
      session: launch.session,
      cmi: {
        'cmi.completion_status': 'completed',
        'cmi.success_status': 'passed',
        'cmi.score.scaled': '-0.25',
        'cmi.score.raw': '-5',
        'cmi.score.min': '-20',
        'cmi.score.max': '20',
      },
    })
    expect(res.status).toBe(200)
    expect(await stored(student.user.id, id)).toMatchObject({ status: 'passed', score: { raw: -5, min: -20, max: 20, scaled: -0.25 } })
  })
})

describe('xAPI', () => {
  let id: number
  beforeAll(async () => {
    id = await packageActivity('xapi')
  })

  const send = (auth: string, score: unknown) =>
    fetch(`${server.base}/api/xapi/statements`, {
      method: 'POST',
      body: JSON.stringify({
        actor: { name: 'x' },
        verb: { id: 'http://adlnet.gov/expapi/verbs/passed' },
        object: { id: XAPI_COURSE_ID },
        result: { success: true, score },
      }),
      headers: { Authorization: auth, 'Content-Type': 'application/json', Origin: server.contentBase, 'X-Experience-API-Version': '1.0.3' },
    })

  it.each([
    [{ scaled: 1.5 }, 'result.score.scaled must be a number from -1 to 1.'],
    [{ scaled: -1.01 }, 'result.score.scaled must be a number from -1 to 1.'],
    [{ scaled: 1e308 }, 'result.score.scaled must be a number from -1 to 1.'],
    [{ scaled: '0.5' }, 'result.score.scaled must be a number.'],
    [{ raw: 11, min: 0, max: 10 }, 'result.score.raw must be between result.score.min and result.score.max.'],
    [{ raw: 5, min: 10, max: 0 }, 'result.score.min must not be more than result.score.max.'],
  ])('a statement scored %j is refused with a 400 that says why, and nothing is stored', async (score, text) => {
    const { student, launch } = await opened(id)
    const res = await send(new URL(launch.packageUrl).searchParams.get('auth')!, score)
    expect({ status: res.status, message: (await res.json()).errors?.[0]?.message }).toEqual({ status: 400, message: text })
    expect(await stored(student.user.id, id)).toMatchObject({ status: 'not-attempted', score: { scaled: null } })
  })

  it('a score within range is stored as reported', async () => {
    const { student, launch } = await opened(id)
    const res = await send(new URL(launch.packageUrl).searchParams.get('auth')!, { scaled: 0.9, raw: 9, min: 0, max: 10 })
    expect(res.status).toBe(200)
    expect(await stored(student.user.id, id)).toMatchObject({ status: 'passed', score: { raw: 9, min: 0, max: 10, scaled: 0.9 } })
  })
})

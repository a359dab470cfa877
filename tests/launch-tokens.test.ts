/**
 * An xAPI launch token lives no longer than what it was opened in: the student's login session,
 * their classroom and their account. Through real HTTP: the package's LRS calls answer 401 with a
 * message that says why once the student logs out, their password changes, they leave the
 * classroom or their account is deleted, and nothing more is written to any attempt.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { launchMessages } from '../cms/attempts/token'
import { password } from './helpers/actors'
import { type Client } from './helpers/client'
import { buildPackage, XAPI_COURSE_ID } from './helpers/packages'
import { serverForFile } from './helpers/fileServer'
import { activityWithPackage, emptyModule } from './helpers/content'

let teacher: Client & { user: any }
let classroomId: number
let activityId: number

const { server, actors } = serverForFile({ env: { RATE_LIMIT_FACTOR: '50' } })
beforeAll(async () => {
  const editor = await actors.staff('activities:write')
  teacher = await actors.educator()
  classroomId = (await actors.classroom(teacher)).id as number
  activityId = await activityWithPackage(server.payload, editor, await emptyModule(server.payload), await buildPackage('xapi'), 'Quiz')
}, 120_000)

/** The `auth` the package gets when this login opens the activity. */
const launch = async (client: Client) => {
  const res = await client.post(`/api/activities/${activityId}/open`)
  expect(res.status).toBe(200)
  return new URL(res.body.launch.packageUrl).searchParams.get('auth')!
}

/** What the package sends when the student fails the quiz. */
const reportFailed = async (auth: string) => {
  const res = await fetch(`${server.base}/api/xapi/statements`, {
    method: 'POST',
    body: JSON.stringify({
      actor: { name: 'x' },
      verb: { id: 'http://adlnet.gov/expapi/verbs/failed' },
      object: { id: XAPI_COURSE_ID },
      result: { success: false, score: { scaled: 0.1 } },
    }),
    headers: { Authorization: auth, 'Content-Type': 'application/json', Origin: server.contentBase, 'X-Experience-API-Version': '1.0.3' },
  })
  const text = await res.text()
  return { status: res.status, message: res.status === 200 ? null : (JSON.parse(text).errors?.[0]?.message as string) }
}

const readState = (auth: string) =>
  fetch(`${server.base}/api/xapi/activities/state?activityId=${encodeURIComponent(XAPI_COURSE_ID)}&stateId=bookmark`, {
    headers: { Authorization: auth, Origin: server.contentBase, 'X-Experience-API-Version': '1.0.3' },
  })

const statusOf = async (studentId: unknown) =>
  (
    await server.payload.find({
      collection: 'attempts',
      where: { and: [{ student: { equals: studentId } }, { activity: { equals: activityId } }] },
      overrideAccess: true,
      depth: 0,
    })
  ).docs[0]?.status ?? null

describe('xAPI launch tokens die with the login, the classroom and the account', () => {
  it('logging out ends the token', async () => {
    const student = await actors.student(classroomId)
    const auth = await launch(student)
    expect((await readState(auth)).status).toBe(404)
    expect((await student.post('/api/logout')).status).toBe(200)
    expect(await reportFailed(auth)).toEqual({ status: 401, message: launchMessages.sessionEnded })
    expect((await readState(auth)).status).toBe(401)
    expect(await statusOf(student.user.id)).toBe('not-attempted')
  })

  it('a password change from another login ends the token', async () => {
    const student = await actors.student(classroomId)
    const auth = await launch(student)
    const elsewhere = await actors.login(student.user.username)
    const changed = await elsewhere.patch(`/api/users/${student.user.id}`, { password: 'a-new-password-9', currentPassword: password })
    expect(changed.status).toBe(200)
    expect(await reportFailed(auth)).toEqual({ status: 401, message: launchMessages.sessionEnded })
    expect(await statusOf(student.user.id)).toBe('not-attempted')
  })

  it("the teacher's new password for the student ends the token", async () => {
    const student = await actors.student(classroomId)
    const auth = await launch(student)
    expect((await teacher.post(`/api/classrooms/${classroomId}/students/${student.user.id}/password`)).status).toBe(200)
    expect(await reportFailed(auth)).toEqual({ status: 401, message: launchMessages.sessionEnded })
  })

  it('removal from the classroom ends the token (the student stays signed in)', async () => {
    const student = await actors.student(classroomId)
    const auth = await launch(student)
    expect((await teacher.delete(`/api/classrooms/${classroomId}/students/${student.user.id}`)).status).toBe(200)
    expect((await student.get('/api/users/me')).body.user?.id).toBe(student.user.id)
    expect(await reportFailed(auth)).toEqual({ status: 401, message: launchMessages.classroomLeft })
    expect(await statusOf(student.user.id)).not.toBe('failed')
  })

  it('deleting the account ends the token, and the next account gets a new id, not the deleted one', async () => {
    const student = await actors.student(classroomId)
    const auth = await launch(student)
    expect(await reportFailed(auth)).toEqual({ status: 200, message: null })
    expect((await teacher.delete(`/api/classrooms/${classroomId}/students/${student.user.id}/account`)).status).toBe(200)
    expect(await reportFailed(auth)).toEqual({ status: 401, message: launchMessages.accountGone })

    const created = await teacher.post(`/api/classrooms/${classroomId}/students`, { count: 1 })
    expect(created.status).toBe(201)
    const newcomer = created.body.students[0]
    expect(newcomer.id).toBeGreaterThan(student.user.id)
    const fresh = await actors.login(newcomer.username, newcomer.password)
    await launch(fresh)
    // The old token still names the deleted account: it writes nothing, to nobody.
    expect((await reportFailed(auth)).status).toBe(401)
    expect(await statusOf(newcomer.id)).toBe('not-attempted')
  })

  it('a token keeps working while its login, classroom and account hold', async () => {
    const student = await actors.student(classroomId)
    const auth = await launch(student)
    await actors.login(student.user.username)
    expect(await reportFailed(auth)).toEqual({ status: 200, message: null })
    expect(await statusOf(student.user.id)).toBe('failed')
  })
})

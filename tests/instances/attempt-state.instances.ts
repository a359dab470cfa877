import { createHash } from 'node:crypto'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { basicAuth, issueLaunchToken } from '@cms/attempts/token'
import type { ServerProcess } from '../e2e/serverProcess'
import { bearer, demoPassword, freshPostgres, login, seedingLines, sharedEnv, startInstances } from './instances'

/**
 * Two instances of one deployment write to one student's attempt at the same moment: each round,
 * one xAPI state document through each instance. Every write either instance acknowledged (204)
 * is there afterwards: the attempt's lock is the database's, not a process's.
 */
let db: Awaited<ReturnType<typeof freshPostgres>>
let instances: ServerProcess[]
let env: Record<string, string>

beforeAll(async () => {
  db = await freshPostgres()
  env = sharedEnv(db.url)
  instances = await startInstances(2, env)
})

afterAll(async () => {
  await Promise.all((instances ?? []).map((instance) => instance.stop()))
  await db?.drop()
})

const ROUNDS = 40

/** The secret a Payload instance signs with, from its configured secret (as Payload's init derives it). */
const payloadSecretOf = (configured: string) => createHash('sha256').update(configured).digest('hex').slice(0, 32)

describe('an attempt written through two instances at once', () => {
  it('keeps both state documents of every round', async () => {
    const seeder = instances.find((instance) => seedingLines(instance) === 1)!
    const [a, b] = instances
    const { token, user } = (await login(a.baseURL, 'demo-student', demoPassword(seeder.dir, 'demo-student'))) as unknown as {
      token: string
      user: { id: number; attributes: { classroom: { id: number } | number | null } }
    }
    const activities = (await (await fetch(`${a.baseURL}/api/activities?limit=1&depth=0`, { headers: bearer(token) })).json()) as { docs: { id: number }[] }
    const activityId = activities.docs[0].id
    expect((await fetch(`${a.baseURL}/api/activities/${activityId}/open`, { method: 'POST', headers: bearer(token) })).status).toBe(200)
    // The launch an xAPI package of this activity would get: signed with the deployment's secret as
    // Payload derives it from PAYLOAD_SECRET, for this login.
    const sid = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sid as string
    const classroom = user.attributes.classroom
    const auth = basicAuth(
      issueLaunchToken(payloadSecretOf(env.PAYLOAD_SECRET), user.id, activityId, Date.now(), {
        sid,
        classroom: typeof classroom === 'object' ? classroom?.id : classroom,
      }),
    )
    const url = (instance: ServerProcess, stateId: string) =>
      `${instance.baseURL}/api/xapi/activities/state?activityId=${encodeURIComponent('https://example.org/course')}&stateId=${stateId}&agent=%7B%7D`
    const headers = { Authorization: auth, 'X-Experience-API-Version': '1.0.3', 'Content-Type': 'application/json' }

    const lost: string[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const writes = await Promise.all([
        fetch(url(a, 'bookmark'), { method: 'PUT', headers, body: `"a-${round}"` }),
        fetch(url(b, 'suspend_data'), { method: 'PUT', headers, body: `"b-${round}"` }),
      ])
      expect(
        writes.map((res) => res.status),
        await writes[0].text(),
      ).toEqual([204, 204])
      const [bookmark, suspendData] = await Promise.all([
        fetch(url(b, 'bookmark'), { headers }).then((res) => res.text()),
        fetch(url(a, 'suspend_data'), { headers }).then((res) => res.text()),
      ])
      if (bookmark !== `"a-${round}"`) lost.push(`round ${round}: bookmark ${bookmark}`)
      if (suspendData !== `"b-${round}"`) lost.push(`round ${round}: suspend_data ${suspendData}`)
    }
    expect(lost).toEqual([])
  })
})

import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ServerProcess } from '../e2e/serverProcess'
import { bearer } from '../instances/instances'
import { alive, type Deployment, serves, startDeployment, startLoad, waitFor } from './deployment'

/**
 * Two instances on a PostgreSQL server of this file's own, which the tests restart, stop and fill
 * with connections while the instances serve signed-in reads, signed-in writes and tickets.
 */
let deployment: Deployment
const extra: ServerProcess[] = []

beforeAll(async () => {
  deployment = await startDeployment({ instances: 2 })
})

afterAll(async () => {
  await Promise.all(extra.map((instance) => instance.stop()))
  await deployment?.close()
})

const everyInstanceServes = async () =>
  deployment.instances.every(alive) && (await Promise.all(deployment.instances.map((instance) => serves(instance, deployment.student.token)))).every(Boolean)

const readyz = async (instance: ServerProcess) => {
  const res = await fetch(`${instance.baseURL}/readyz`)
  return { status: res.status, body: (await res.json()) as { status: string; reason?: string } }
}

/** Superuser connections opened until PostgreSQL refuses one, then `free` of them closed again. */
const takeConnections = async (free: number) => {
  const held: pg.Client[] = []
  for (;;) {
    const client = new pg.Client({ connectionString: deployment.postgres.url })
    client.on('error', () => undefined)
    try {
      await client.connect()
      held.push(client)
    } catch (error) {
      expect(String(error)).toMatch(/too many clients/)
      break
    }
  }
  for (const client of held.splice(0, free)) await client.end()
  return { release: () => Promise.all(held.map((client) => client.end().catch(() => undefined))) }
}

describe('PostgreSQL going away under load', () => {
  it('restarted three times: every instance serves again, and no acknowledged write is lost', async () => {
    const load = startLoad(deployment)
    try {
      await waitFor(() => load.acknowledged.length >= 5, 60_000, 'tickets before the first restart')
      for (let restart = 1; restart <= 3; restart++) {
        const before = load.acknowledged.length
        deployment.postgres.restart()
        await waitFor(everyInstanceServes, 60_000, `every instance to serve after restart ${restart}`)
        // Writes are acknowledged again after the restart, through both instances.
        await waitFor(() => load.acknowledged.length >= before + 5, 60_000, `tickets after restart ${restart}`)
      }
    } finally {
      await load.stop()
    }
    expect(deployment.instances.map(alive)).toEqual([true, true])
    const served = new Set(load.answers.filter((answer) => answer.kind === 'ticket' && answer.status === 201).map((answer) => answer.instance))
    expect(served).toEqual(new Set([0, 1]))
    const stored = new Set(await deployment.ticketSubjects(`load ${load.label} %`))
    expect(load.acknowledged.filter((subject) => !stored.has(subject))).toEqual([])
    for (const instance of deployment.instances) expect(fs.readFileSync(instance.logFile, 'utf8')).not.toMatch(/Unhandled 'error' event/)
  })

  it('stopped: every request that needs it is a 503 with Retry-After (not 401, 404 or 500), /readyz says so, and all serve when it is back', async () => {
    const [first] = deployment.instances
    const load = startLoad(deployment)
    let outage: typeof load.answers | undefined
    try {
      await waitFor(() => load.acknowledged.length >= 3, 60_000, 'tickets before the outage')
      deployment.postgres.stop()
      const stopped = Date.now()
      const during = () => load.answers.filter((answer) => answer.at > stopped)
      // Both kinds of write have met the outage on both instances.
      await waitFor(
        () => [0, 1].every((i) => ['write', 'ticket'].every((kind) => during().some((a) => a.instance === i && a.kind === kind && a.status !== 0))),
        60_000,
        'writes during the outage',
      )
      // An attempt save (a lookup that once read an unreachable database as a missing activity).
      const save = await fetch(`${first.baseURL}/api/activities/1/attempt`, {
        method: 'PUT',
        headers: { ...bearer(deployment.student.token), 'content-type': 'application/json' },
        body: JSON.stringify({ session: 'x' }),
      })
      expect(save.status).toBe(503)
      expect(save.headers.get('retry-after')).toBe('5')
      // A signed-in page: not the page of someone signed out.
      const page = await fetch(`${first.baseURL}/`, { headers: bearer(deployment.student.token) })
      expect(page.status).toBe(503)
      expect(await page.text()).toContain('The site is busy. Please try again in a moment.')
      const ready = await readyz(first)
      expect(ready.status).toBe(503)
      expect(ready.body.status).toBe('unavailable')
      outage = during()
      deployment.postgres.start()
      await waitFor(everyInstanceServes, 60_000, 'every instance to serve again')
      expect((await readyz(first)).status).toBe(200)
    } finally {
      if (!deployment.postgres.running()) deployment.postgres.start()
      await load.stop()
    }
    // Every answer sent while PostgreSQL was down: signed-in reads (once `{ user: null }`), writes, tickets.
    expect(new Set(outage?.map((answer) => answer.status))).toEqual(new Set([503]))
    const refusals = (outage ?? []).filter((answer) => answer.status === 503)
    expect(refusals.every((answer) => answer.retryAfter === '5' && answer.message === 'The site is busy. Please try again in a moment.')).toBe(true)
    const stored = new Set(await deployment.ticketSubjects(`load ${load.label} %`))
    expect(load.acknowledged.filter((subject) => !stored.has(subject))).toEqual([])
  })

  it('an instance started while PostgreSQL is down waits for it, saying so, and serves when it is back', async () => {
    deployment.postgres.stop()
    let instance: ServerProcess | undefined
    const name = `late-${randomBytes(4).toString('hex')}`
    const starting = deployment.startInstance(name, { SEED_DEMO_ACCOUNTS: 'false' }).then((started) => (instance = started))
    try {
      const logOf = () => {
        const dir = fs.readdirSync(os.tmpdir()).find((entry) => entry.startsWith(`civics-e2e-${name}-`))
        const file = dir && path.join(os.tmpdir(), dir, 'server.log')
        return file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : ''
      }
      await waitFor(() => (logOf().match(/cannot be reached while starting/g) ?? []).length >= 2, 180_000, 'the instance to say it waits, twice')
      expect(logOf()).toMatch(
        /PostgreSQL at 127\.0\.0\.1:\d+ cannot be reached while starting \(connect ECONNREFUSED [^)]+\); trying again in \d+ s \(attempt \d+\)\. Is PostgreSQL running, and DATABASE_URL right\?/,
      )
    } finally {
      deployment.postgres.start()
    }
    await starting
    extra.push(instance!)
    expect(await serves(instance!, deployment.student.token)).toBe(true)
    expect((await readyz(instance!)).status).toBe(200)
  })

  it('with its connections taken by others, /readyz says 503 and why (not 200 on the one it holds); it is ready again when they are free', async () => {
    const [first] = deployment.instances
    expect((await readyz(first)).status).toBe(200)
    // PostgreSQL restarted; the instance opens some of its connections again (a request), and
    // others take the rest: it holds enough for that one query, not for a class.
    deployment.postgres.restart()
    await waitFor(() => serves(first, deployment.student.token), 60_000, 'the instance to serve again')
    const others = await takeConnections(0)
    try {
      const ready = await readyz(first)
      expect(ready.status).toBe(503)
      expect(ready.body.reason).toMatch(/^the database refuses connections \(sorry, too many clients already\)$/)
      expect(alive(first)).toBe(true)
    } finally {
      await others.release()
    }
    await waitFor(async () => (await readyz(first)).status === 200, 60_000, '/readyz to say ready again')
    await waitFor(everyInstanceServes, 60_000, 'every instance to serve')
  })
})

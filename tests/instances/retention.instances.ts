import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ServerProcess } from '../e2e/serverProcess'
import { bearer, demoPassword, freshPostgres, login, sharedEnv, sleep, startInstances } from './instances'

/**
 * The retention purge (collections/AuditLog/retention.ts) on two instances of one deployment, each
 * running Payload's job cron, here every second: the archived classroom's student is removed once,
 * and only once, however many times and wherever the job runs.
 */
let db: Awaited<ReturnType<typeof freshPostgres>>
let instances: ServerProcess[]
let clockFile: string

beforeAll(async () => {
  db = await freshPostgres()
  clockFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'civics-retention-')), 'clock')
  fs.writeFileSync(clockFile, '0')
  instances = await startInstances(
    2,
    sharedEnv(db.url, { SEED_DEMO_ACCOUNTS: 'true', TEST_CLOCK_FILE: clockFile, RETENTION_CRON: '* * * * * *', RETENTION_RUN_CRON: '* * * * * *' }),
  )
})

afterAll(async () => {
  await Promise.all((instances ?? []).map((instance) => instance.stop()))
  await db?.drop()
})

const purgeLines = () =>
  instances.flatMap((instance) => fs.readFileSync(instance.logFile, 'utf8').split('\n')).filter((line) => line.includes('Retention purge:'))
const demoStudents = async () => Number((await db.client.query(`SELECT count(*) AS n FROM users WHERE username = 'demo-student'`)).rows[0].n)

describe('the retention purge on two instances', () => {
  it('removes an archived classroom’s student once, wherever the job runs', async () => {
    const seeder = instances.find((instance) => fs.existsSync(path.join(instance.dir, 'demo-logins.txt')))!
    const teacher = await login(instances[0].baseURL, 'teacher@civics360.local', demoPassword(seeder.dir, 'teacher@civics360.local'))
    const list = await (await fetch(`${instances[0].baseURL}/api/users/${teacher.user.id}/classrooms`, { headers: bearer(teacher.token) })).json()
    const classroom = list.docs[0]
    const archived = await fetch(`${instances[1].baseURL}/api/classrooms/${classroom.id}/archived`, {
      method: 'PUT',
      headers: { ...bearer(teacher.token), 'content-type': 'application/json' },
      body: JSON.stringify({ archived: true }),
    })
    expect(archived.status).toBe(200)

    // The job runs every second on both, and finds nothing due yet.
    for (let i = 0; i < 120 && purgeLines().length < 4; i++) await sleep(250)
    expect(purgeLines().length).toBeGreaterThanOrEqual(4)
    expect(await demoStudents()).toBe(1)

    // Two school years later the classroom is past its date.
    fs.writeFileSync(clockFile, String(2 * 366 * 24 * 60 * 60 * 1000))
    for (let i = 0; i < 240 && (await demoStudents()) > 0; i++) await sleep(250)
    expect(await demoStudents()).toBe(0)
    // Let both instances run it a few more times.
    const after = purgeLines().length
    for (let i = 0; i < 120 && purgeLines().length < after + 4; i++) await sleep(250)

    const removing = purgeLines().filter((line) => !line.includes('removed 0 archived classroom(s), 0 student account(s)'))
    expect(removing).toHaveLength(1)
    expect(removing[0]).toContain('removed 1 archived classroom(s), 1 student account(s)')
    expect(removing[0]).not.toContain('demo-student')
    expect(Number((await db.client.query(`SELECT count(*) AS n FROM classrooms WHERE id = $1`, [classroom.id])).rows[0].n)).toBe(0)
  })
})

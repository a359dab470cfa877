import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { allCountries } from 'country-region-data'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { pages, posts, schools, topics } from '../../seed/content'
import { startServerProcess, type ServerProcess } from '../e2e/serverProcess'
import { demoPassword, exited, freshPostgres, login, sharedEnv, sleep } from './instances'

let db: Awaited<ReturnType<typeof freshPostgres>>
let dataDir: string
let second: ServerProcess | undefined

beforeAll(async () => {
  db = await freshPostgres()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-resume-'))
})
afterAll(async () => {
  await second?.stop()
  await db?.drop()
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

const seedState = async () => {
  const { rows } = await db.client.query<{ data: { state: string } }>(`SELECT data FROM payload_kv WHERE key = 'civics360:first-seed'`)
  return rows[0]?.data.state
}

describe('an interrupted first seed', () => {
  it('is completed by the next start: all the content once, and the demo accounts', async () => {
    const env = { ...sharedEnv(db.url), DATA_DIR: dataDir }
    let child: ServerProcess['child'] | undefined
    const first = startServerProcess({ name: 'first', env, onSpawn: (started) => (child = started.child) }).then(
      () => 'ready',
      () => 'exited',
    )
    // Kill it once the seed has written content but no account yet (accounts come last).
    for (;;) {
      const counts = await Promise.all([db.count('topics'), db.count('users')]).catch(() => [0, 0])
      if (counts[0] > 0 && counts[1] === 0) break
      if (!child || child.exitCode !== null) throw new Error('the first start ended before it was interrupted')
      await sleep(50)
    }
    child?.kill('SIGKILL')
    expect((await exited({ child: child as ServerProcess['child'] })).signal).toBe('SIGKILL')
    expect(await first).toBe('exited')
    expect(await db.count('users')).toBe(0)
    expect(await seedState()).toBe('running')

    second = await startServerProcess({ name: 'second', env })
    expect(fs.readFileSync(second.logFile, 'utf8')).toContain('Seeding the demo content')
    expect(await seedState()).toBe('done')
    expect(await db.count('countries')).toBe(allCountries.length)
    expect(await db.count('topics')).toBe(topics.length)
    expect(await db.count("(SELECT DISTINCT title FROM topics_locales WHERE _locale = 'en') t")).toBe(topics.length)
    expect(await db.count('pages')).toBe(pages.length)
    expect(await db.count('posts')).toBe(posts.length)
    expect(await db.count('schools')).toBe(schools.length)
    expect(await db.count('classrooms')).toBe(1)
    for (const account of ['editor@civics360.local', 'teacher@civics360.local', 'demo-student']) {
      expect((await login(second.baseURL, account, demoPassword(dataDir, account))).user).toBeTruthy()
    }
  })
})

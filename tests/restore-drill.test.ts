/**
 * The restore drill of docs/operations.md, as an operator runs it: while an editor keeps saving,
 * the database is backed up online (SQLite `VACUUM INTO`; PostgreSQL `pg_dump`), then the uploads
 * folder; a fresh server is started on the restored copies with the same PAYLOAD_SECRET; every
 * save acknowledged before the backup began is there, a session opened before the backup still
 * works, a student logs in and opens the Storyline package. Real server processes in production
 * mode; on SQLite, and on PostgreSQL when TEST_POSTGRES_URL is set (CI's PostgreSQL run).
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { createClient } from '@libsql/client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startServerProcess, type ServerProcess } from './e2e/serverProcess'
import { freshDatabase } from './helpers/server'
import { bearer, demoPassword, login } from './instances/instances'

const run = promisify(execFile)
const postgres = Boolean(process.env.TEST_POSTGRES_URL)
const secret = randomBytes(24).toString('hex')

let work: string
let original: ServerProcess | undefined
let restored: ServerProcess | undefined
const databases: { drop: () => Promise<void> }[] = []

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-restore-'))
})
afterAll(async () => {
  await Promise.all([original?.stop(), restored?.stop()])
  for (const db of databases) await db.drop()
  fs.rmSync(work, { recursive: true, force: true })
})

/** A new empty database for a server: a fresh PostgreSQL database, or a file in `dir`. */
const newDatabase = async (dir: string) => {
  if (!postgres) return `file:${path.join(dir, 'civics.db')}`
  const db = await freshDatabase(dir)
  databases.push(db)
  return db.url
}

/** The online backup docs/operations.md gives for the database in use. */
const backUpDatabase = async (url: string): Promise<string> => {
  if (postgres) {
    const file = path.join(work, 'civics.dump')
    await run('pg_dump', ['--format=custom', '--no-owner', '--file', file, '--dbname', url])
    return file
  }
  const file = path.join(work, 'civics-backup.db')
  const client = createClient({ url })
  try {
    await client.execute(`VACUUM INTO '${file.replace(/'/g, "''")}'`)
  } finally {
    client.close()
  }
  return file
}

/** Restores a backup into an empty database (docs/operations.md); answers its DATABASE_URL. */
const restoreDatabase = async (backup: string, dir: string): Promise<string> => {
  const url = await newDatabase(dir)
  if (postgres) await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--dbname', url, backup])
  else fs.copyFileSync(backup, path.join(dir, 'civics.db'))
  return url
}

describe('the restore drill', () => {
  it('backs up during writes, restores into a fresh server, logs in and opens a package', async () => {
    const originalDir = fs.mkdtempSync(path.join(work, 'original-'))
    const originalUrl = await newDatabase(originalDir)
    original = await startServerProcess({ name: 'original', env: { DATABASE_URL: originalUrl, PAYLOAD_SECRET: secret, WARM_UP_LOGINS: '0' } })
    const editor = await login(original.baseURL, 'editor@civics360.local', demoPassword(original.dir, 'editor@civics360.local'))

    // An editor keeps saving posts; each acknowledged title is remembered with when it was acknowledged.
    const acknowledged: { title: string; at: number }[] = []
    let writing = true
    const writer = (async () => {
      for (let n = 1; writing; n++) {
        const title = `Drill post ${n}`
        const res = await fetch(`${original!.baseURL}/api/posts`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...bearer(editor.token) },
          body: JSON.stringify({ title, markdown: `Saved during the drill (${n}).` }),
        })
        if (res.status !== 201) throw new Error(`save ${n}: ${res.status} ${await res.text()}`)
        acknowledged.push({ title, at: Date.now() })
      }
    })()
    while (acknowledged.length < 5) await new Promise((resolve) => setTimeout(resolve, 50))

    // The database first, then the files: every package the backup names is then in the copy.
    const backupStarted = Date.now()
    const backup = await backUpDatabase(originalUrl)
    const uploadsCopy = path.join(work, 'uploads-copy')
    fs.cpSync(path.join(original.dir, 'uploads'), uploadsCopy, { recursive: true })
    const savedAfterBackup = acknowledged.length
    while (acknowledged.length < savedAfterBackup + 3) await new Promise((resolve) => setTimeout(resolve, 50))
    writing = false
    await writer
    const beforeBackup = acknowledged.filter((save) => save.at < backupStarted).map((save) => save.title)
    expect(beforeBackup.length).toBeGreaterThanOrEqual(5)

    const restoredDir = fs.mkdtempSync(path.join(work, 'restored-'))
    const restoredUrl = await restoreDatabase(backup, restoredDir)
    restored = await startServerProcess({
      name: 'restored',
      // Restored: no seed runs (the database is not empty), so no demo logins are written.
      demoLogins: false,
      env: { DATABASE_URL: restoredUrl, UPLOADS_DIR: uploadsCopy, PAYLOAD_SECRET: secret, WARM_UP_LOGINS: '0' },
    })
    expect(fs.readFileSync(restored.logFile, 'utf8')).not.toContain('Seeding the demo content')

    // Every save acknowledged before the backup began is there.
    const posts = (await (await fetch(`${restored.baseURL}/api/posts?limit=1000&depth=0`, { headers: bearer(editor.token) })).json()) as {
      docs: { title: string }[]
    }
    const titles = new Set(posts.docs.map((post) => post.title))
    expect(beforeBackup.filter((title) => !titles.has(title))).toEqual([])

    // The same secret: a session opened before the backup still works on the restored site.
    const me = await fetch(`${restored.baseURL}/api/users/me`, { headers: bearer(editor.token) })
    expect(((await me.json()) as { user?: { email?: string } }).user?.email).toBe('editor@civics360.local')

    // A student logs in and opens the seeded Storyline quiz from the restored uploads.
    const student = await login(restored.baseURL, 'demo-student', demoPassword(original.dir, 'demo-student'))
    const quizzes = (await (
      await fetch(`${restored.baseURL}/api/activities?where[type][equals]=storyline&depth=0&limit=1`, { headers: bearer(student.token) })
    ).json()) as { docs: { id: number; storylineUrl?: string }[] }
    const quiz = quizzes.docs[0]
    expect(quiz?.storylineUrl, JSON.stringify(quizzes)).toBe(`/uploads/${quiz.id}/storyline/story.html`)
    const launch = await fetch(`${restored.contentURL}${quiz.storylineUrl}`)
    expect(launch.status).toBe(200)
    expect(await launch.text()).toMatch(/<html/i)
  }, 600_000)
})

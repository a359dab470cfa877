import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { freshDatabase } from './server'

const root = path.resolve(import.meta.dirname, '..', '..')

/**
 * Vitest's global setup for the API tests: one database migrated once per run, which each test
 * file's server starts from a copy of (`startServer`), instead of migrating its own. It is named to
 * the test workers by TEST_TEMPLATE_DATABASE: a SQLite file, or a database on TEST_POSTGRES_URL's
 * server. Migrated in a process of its own, whose environment names the template.
 */
export default async function setup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-template-'))
  const db = await freshDatabase(dir)
  const sqliteCopy = process.env.TEST_POSTGRES_URL ? undefined : path.join(dir, 'template.db')
  await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(root, 'tests/helpers/migrateTemplate.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: db.url,
      DATA_DIR: dir,
      UPLOADS_DIR: path.join(dir, 'uploads'),
      PAYLOAD_SECRET: randomBytes(24).toString('hex'),
      ...(sqliteCopy && { TEMPLATE_SQLITE_COPY: sqliteCopy }),
    },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`Migrating the template database failed:\n${error.stdout ?? ''}\n${error.stderr ?? ''}`)
  })
  process.env.TEST_TEMPLATE_DATABASE = sqliteCopy ?? decodeURIComponent(new URL(db.url).pathname.slice(1))
  return async () => {
    delete process.env.TEST_TEMPLATE_DATABASE
    await db.drop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A misspelled PostgreSQL database name stops the start with one line naming DATABASE_URL, and
 * creates nothing, even for a role that may create databases (CI's may); CREATE_DATABASE=true
 * asks for the database to be made. The other operator mistakes need no PostgreSQL:
 * tests/server-start.test.ts.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort, runServerUntilExit } from '../e2e/serverProcess'

let dir: string
let admin: pg.Client

beforeAll(async () => {
  if (!process.env.TEST_POSTGRES_URL)
    throw new Error('These tests need TEST_POSTGRES_URL=postgres://user:pass@host:5432/postgres (a role that may create databases).')
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-operator-'))
  admin = new pg.Client({ connectionString: process.env.TEST_POSTGRES_URL })
  await admin.connect()
})
afterAll(async () => {
  await admin?.end()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

const databaseExists = async (name: string) => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1

describe('a DATABASE_URL naming a database that does not exist', () => {
  it('stops the start with one line naming DATABASE_URL, and creates no database', async () => {
    const name = `civics_typo_${randomBytes(4).toString('hex')}`
    const url = new URL(process.env.TEST_POSTGRES_URL as string)
    url.pathname = `/${name}`
    const port = await freePort()
    let contentPort = await freePort()
    while (contentPort === port) contentPort = await freePort()
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DISABLE_ADMIN: 'true',
      PORT: String(port),
      CONTENT_PORT: String(contentPort),
      DATA_DIR: dir,
      UPLOADS_DIR: path.join(dir, 'uploads'),
      DATABASE_URL: url.toString(),
      PAYLOAD_SECRET: randomBytes(24).toString('hex'),
    }
    for (const variable of ['PUBLIC_URL', 'CONTENT_URL', 'EXTRA_PUBLIC_URLS', 'TEST_POSTGRES_URL', 'CREATE_DATABASE']) delete env[variable]
    const { code, output } = await runServerUntilExit(env)
    expect(code, output).not.toBe(0)
    expect(code, output).not.toBeNull()
    expect(
      output.split('\n').filter((line) => line.trim() !== ''),
      output,
    ).toEqual([
      `DATABASE_URL names the database "${name}", which does not exist on that server: correct the name in DATABASE_URL, or start once with CREATE_DATABASE=true to create it.`,
    ])
    expect(await databaseExists(name)).toBe(false)
  })
})

import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import type { Payload } from 'payload'

export type TestServer = { payload: Payload; base: string; contentBase: string; dir: string; close: () => Promise<void> }

/** Two copies made at once from one template can meet: PostgreSQL refuses a copy while another session is on the template. */
const templateBusy = /being accessed by other users/

/**
 * A fresh database per test file: a temporary SQLite file, or, when TEST_POSTGRES_URL is set
 * (CI's PostgreSQL run), a new database on that server. Empty, or a copy of `template` (a migrated
 * SQLite file, or a database on the same server: tests/helpers/templateDatabase.ts). Environment
 * is set before the config is imported, because the config reads it.
 */
export const freshDatabase = async (dir: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> => {
  const admin = process.env.TEST_POSTGRES_URL
  if (!admin) {
    const file = path.join(dir, 'test.db')
    if (template) fs.copyFileSync(template, file)
    return { url: `file:${file}`, drop: async () => {} }
  }
  const { default: pg } = await import('pg')
  const name = `civics_t_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(template ? `CREATE DATABASE ${name} TEMPLATE "${template}"` : `CREATE DATABASE ${name}`)
        break
      } catch (error) {
        if (!template || attempt >= 20 || !templateBusy.test(String(error))) throw error
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt))
      }
    }
  } finally {
    await client.end()
  }
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      try {
        // An autovacuum worker on the database can make FORCE fail for a role that may not signal
        // it (PostgreSQL 15); it finishes within moments, so try again a few times.
        for (let attempt = 1; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
            return
          } catch (error) {
            if (attempt >= 10 || !/role whose process is being terminated|being accessed by other users/.test(String(error))) throw error
            await new Promise((resolve) => setTimeout(resolve, 500))
          }
        }
      } finally {
        await c.end()
      }
    },
  }
}

const listen = async (server: http.Server) => {
  server.listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/**
 * The app in this process on a random port, and the content origin (Storyline packages) on
 * another; PUBLIC_URL and CONTENT_URL point at them unless `env` says otherwise (`undefined`
 * removes a variable).
 */
export const startServer = async (options: { seed?: boolean; env?: Record<string, string | undefined> } = {}): Promise<TestServer> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-test-'))
  // Migrated once per run when the test run made a template (vitest.config.ts); boot() then finds nothing to migrate.
  const db = await freshDatabase(dir, process.env.TEST_TEMPLATE_DATABASE)
  const server = http.createServer()
  const { createContentServer } = await import('@cms/packages/content/contentServer')
  const content = createContentServer()
  const base = await listen(server)
  const contentBase = await listen(content)
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    DATA_DIR: dir,
    UPLOADS_DIR: path.join(dir, 'uploads'),
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
    PUBLIC_URL: base,
    CONTENT_URL: contentBase,
    ...options.env,
  })
  for (const [name, value] of Object.entries(options.env ?? {})) if (value === undefined) delete process.env[name]
  const { boot, config } = await import('@cms/startup/boot')
  const { createApp } = await import('@cms/http/expressApp')
  const { createContentApp } = await import('@cms/packages/content/app')
  const { packageSettings } = await import('@collections/BlockedRequests/packageSettings')
  // The product's connection timeouts: with Node's default, a test's client can send on a kept-alive
  // connection the server is closing that very moment (cms/http/connectionTimeouts.ts).
  const { keepIdleConnectionsPastTheProxy } = await import('@cms/http/connectionTimeouts')
  keepIdleConnectionsPastTheProxy(server)
  const payload = await boot({ seedIfEmpty: Boolean(options.seed) })
  server.on('request', createApp({ payload, config }))
  content.on('request', createContentApp(packageSettings(() => payload)))
  return {
    payload,
    base,
    contentBase,
    dir,
    close: async () => {
      // The file's tests are over: connections they left open (kept alive as long as a proxy keeps them) are cut, not waited for.
      for (const each of [content, server]) each.closeAllConnections()
      await new Promise((resolve) => content.close(resolve))
      await new Promise((resolve) => server.close(resolve))
      await payload.destroy()
      // Payload's destroy leaves its pool open, and the pool keeps its connections (cms/database/postgresConnections.ts):
      // the idle ones are closed here, before the drop cuts them off. (The one the adapter holds never
      // comes back to the pool, so the promise is not awaited; the drop ends that one.)
      void (payload.db as { pool?: { end: () => Promise<void> } }).pool?.end()
      await db.drop()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

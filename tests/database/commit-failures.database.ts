import { sql } from '@payloadcms/db-postgres'
import type { PayloadRequest } from 'payload'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isDatabaseUnreachable } from '@cms/database/databaseErrors'
import { type PrivatePostgres, startPrivatePostgres } from '../helpers/privatePostgres'
import { startServer, type TestServer } from '../helpers/server'

/**
 * A transaction whose connection PostgreSQL ends before its COMMIT (what a restart does to a write
 * in flight): the commit must fail, never report success for a row that was rolled back. The app
 * in this process on a PostgreSQL server of this file's own.
 */
let postgres: PrivatePostgres
let server: TestServer

beforeAll(async () => {
  postgres = await startPrivatePostgres()
  process.env.TEST_POSTGRES_URL = postgres.url
  server = await startServer()
})

afterAll(async () => {
  await server?.close()
  delete process.env.TEST_POSTGRES_URL
  postgres?.destroy()
})

type Sessions = { sessions: Record<string, { db: { execute: (query: unknown) => Promise<{ rows: { pid: number }[] }> } }> }

const ticket = (subject: string) => ({
  type: 'contact' as const,
  status: 'open' as const,
  name: 'Kim',
  email: 'kim@example.org',
  subject,
  message: 'A write whose commit is cut off.',
})

describe("a transaction's COMMIT", () => {
  it('fails when PostgreSQL ended the connection before it, and the write is not there', async () => {
    const { payload } = server
    const transactionID = (await payload.db.beginTransaction())!
    await payload.create({ collection: 'tickets', data: ticket('cut off before its commit'), req: { transactionID } as Partial<PayloadRequest> })
    const session = (payload.db as unknown as Sessions).sessions[String(transactionID)]
    const { rows } = await session.db.execute(sql`SELECT pg_backend_pid() AS pid`)
    const admin = new pg.Client({ connectionString: postgres.url })
    await admin.connect()
    try {
      await admin.query('SELECT pg_terminate_backend($1)', [rows[0].pid])
    } finally {
      await admin.end()
    }
    // Failed, as an unreachable database (what the request answers as 503, cms/database/databaseErrors.ts).
    const failed = await payload.db.commitTransaction(transactionID).then(
      () => 'committed',
      (error: unknown) => error,
    )
    expect(isDatabaseUnreachable(failed)).toBe(true)
    const { totalDocs } = await payload.count({ collection: 'tickets', where: { subject: { equals: 'cut off before its commit' } } })
    expect(totalDocs).toBe(0)
  })

  it('commits and rolls back as before otherwise', async () => {
    const { payload } = server
    const kept = (await payload.db.beginTransaction())!
    await payload.create({ collection: 'tickets', data: ticket('committed'), req: { transactionID: kept } as Partial<PayloadRequest> })
    await payload.db.commitTransaction(kept)
    const undone = (await payload.db.beginTransaction())!
    await payload.create({ collection: 'tickets', data: ticket('rolled back'), req: { transactionID: undone } as Partial<PayloadRequest> })
    await payload.db.rollbackTransaction(undone)
    const subjects = (await payload.find({ collection: 'tickets', pagination: false, depth: 0 })).docs.map((doc) => doc.subject)
    expect(subjects).toContain('committed')
    expect(subjects).not.toContain('rolled back')
  })
})

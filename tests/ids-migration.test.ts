import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sql } from '@payloadcms/db-sqlite'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freshDatabase } from './helpers/server'

// A database made by the migrations before ids were made never-reused (SQLite AUTOINCREMENT) holds
// accounts, sessions, classrooms, content in two languages and attempts; migrating it must keep
// every row of every table, and afterwards a deleted account's id is never given to a new one.
let payload: Payload
let drop: () => Promise<void>
let dir: string
let isPostgres = false
let run: (query: string) => Promise<unknown>
let rows: (query: string) => Promise<Record<string, unknown>[]>
const before = new Map<string, number>()

const counts = async () => {
  const tables = isPostgres
    ? (await rows(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`)).map((r) => String(r.name))
    : (await rows(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)).map((r) => String(r.name))
  const out = new Map<string, number>()
  for (const table of tables) out.set(table, Number((await rows(`SELECT count(*) AS n FROM "${table}"`))[0].n))
  return out
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-ids-'))
  const db = await freshDatabase(dir)
  drop = db.drop
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: dir, UPLOADS_DIR: path.join(dir, 'uploads'), PAYLOAD_SECRET: randomBytes(24).toString('hex') })
  const { getPayload } = await import('payload')
  const { default: config } = await import('../cms/payload.config')
  const { knownMigrations } = await import('@cms/database/migrationList')
  const { databaseKind } = await import('@cms/database/databaseUrl')
  isPostgres = databaseKind() === 'postgres'
  payload = await getPayload({ config })
  const all = knownMigrations()
  const last = all.findIndex((migration) => migration.name.endsWith('_sqlite_ids_never_reused'))
  // PostgreSQL's serial ids were never reused: it has no such migration, and the same checks hold.
  // On SQLite every other migration runs first (those made after it too, so the Local API below
  // writes the schema it knows): the migration rebuilds each table from its own stored definition,
  // whatever columns other migrations gave it, and must keep their rows.
  await payload.db.migrate({ migrations: isPostgres ? all : all.filter((_, index) => index !== last) })

  const drizzle = (payload.db as unknown as { drizzle: any }).drizzle
  run = (query) => (isPostgres ? drizzle.execute(sql.raw(query)) : drizzle.run(sql.raw(query)))
  rows = async (query) => (isPostgres ? (await drizzle.execute(sql.raw(query))).rows : drizzle.all(sql.raw(query)))

  // The schema before the migration has the same columns, so the Local API writes it as it is.
  const password = 'old-database-1'
  const teacher = await payload.create({
    collection: 'users',
    data: {
      email: 'teacher@example.org',
      password,
      emailVerified: true,
      scopes: ['pages:write'],
      attributes: { type: 'teacher', grades: ['Sixth'], subjects: ['Civics'] },
    } as never,
  })
  await payload.login({ collection: 'users', data: { email: 'teacher@example.org', password } })
  const classroom = await payload.create({ collection: 'classrooms', data: { name: 'Class', code: 'OLD-DB-1', owner: teacher.id } as never })
  for (const n of [1, 2, 3]) {
    await payload.create({
      collection: 'users',
      data: { username: `old-student-${n}`, password, attributes: { type: 'student', classroom: classroom.id } } as never,
    })
    await payload.login({ collection: 'users', data: { username: `old-student-${n}`, password } as never })
  }
  const topic = await payload.create({ collection: 'topics', data: { title: 'Old topic', markdown: 'Words' } as never })
  await payload.update({ collection: 'topics', id: topic.id, locale: 'es', data: { title: 'Tema' } as never })
  const mod = await payload.create({ collection: 'modules', data: { title: 'Old module', markdown: 'Words', topic: topic.id } as never })
  const activity = await payload.create({
    collection: 'activities',
    data: { title: 'Old activity', type: 'default', markdown: 'Words', module: mod.id } as never,
  })
  const students = await payload.find({ collection: 'users', where: { 'attributes.type': { equals: 'student' } }, depth: 0 })
  for (const student of students.docs)
    await payload.create({ collection: 'attempts', data: { student: student.id, activity: activity.id, classroom: classroom.id, status: 'passed' } as never })
  await payload.create({
    collection: 'tickets',
    data: { type: 'contact', name: 'Pat', email: 'pat@example.org', subject: 'Hi', message: 'Hello there' } as never,
  })

  for (const [table, n] of await counts()) before.set(table, n)
  await payload.db.migrate({ migrations: all })
}, 180_000)

afterAll(async () => {
  await payload?.destroy()
  ;(payload?.db as { pool?: { on: (event: string, listener: () => void) => void } } | undefined)?.pool?.on('error', () => undefined)
  await drop?.()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('ids are never reused', () => {
  it('the migration keeps every row of every table and every reference', async () => {
    const after = await counts()
    for (const [table, n] of before) {
      // The migrations table gains this migration's own row.
      expect({ table, rows: after.get(table) }).toEqual({ table, rows: table === 'payload_migrations' ? n + (isPostgres ? 0 : 1) : n })
    }
    expect(before.get('users_sessions')).toBe(4)
    expect(before.get('topics_locales')).toBe(2)
    expect(before.get('attempts')).toBe(3)
    const student = await payload.find({ collection: 'users', where: { username: { equals: 'old-student-2' } }, depth: 1 })
    expect((student.docs[0].attributes?.classroom as { name?: string }).name).toBe('Class')
    expect((student.docs[0] as { sessions?: unknown[] }).sessions).toHaveLength(1)
    const topic = await payload.find({ collection: 'topics', locale: 'es', depth: 0 })
    expect(topic.docs[0].title).toBe('Tema')
    if (!isPostgres) {
      expect(await rows('PRAGMA foreign_key_check')).toEqual([])
      expect(await rows('PRAGMA foreign_keys')).toEqual([{ foreign_keys: 1 }])
      const definitions = await rows(`SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name IN ('users', 'attempts', 'classrooms', 'topics')`)
      expect(definitions).toHaveLength(4)
      for (const d of definitions) expect(String(d.sql)).toContain('`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL')
    }
  })

  it("a deleted account's id is not given to the next account, nor an attempt's to the next attempt", async () => {
    const newest = await payload.find({ collection: 'users', sort: '-id', limit: 1, depth: 0 })
    const gone = newest.docs[0].id as number
    await payload.delete({ collection: 'users', id: gone })
    const next = await payload.create({
      collection: 'users',
      data: { username: 'new-student', password: 'new-student-1', attributes: { type: 'student' } } as never,
    })
    expect(next.id).toBeGreaterThan(gone)
    const attempts = await payload.find({ collection: 'attempts', sort: '-id', limit: 1, depth: 0 })
    expect(attempts.totalDocs).toBe(2)
    const lastAttempt = attempts.docs[0].id as number
    await run(`DELETE FROM attempts WHERE id = ${lastAttempt}`)
    const activity = (await payload.find({ collection: 'activities', limit: 1, depth: 0 })).docs[0]
    const again = await payload.create({ collection: 'attempts', data: { student: next.id, activity: activity.id, status: 'incomplete' } as never })
    expect(again.id).toBeGreaterThan(lastAttempt)
  })
})

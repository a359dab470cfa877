import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { sql } from '@payloadcms/db-sqlite'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freshDatabase } from './helpers/server'

// A database made by main's migrations (before content was localized) holds content; migrating it
// must keep every title, body and label as the English value.
let payload: Payload
let drop: () => Promise<void>
let dir: string

const body = (text: string) =>
  JSON.stringify({
    root: {
      type: 'root',
      version: 1,
      direction: 'ltr',
      format: '',
      indent: 0,
      children: [
        {
          type: 'paragraph',
          version: 1,
          direction: 'ltr',
          format: '',
          indent: 0,
          textFormat: 0,
          textStyle: '',
          children: [{ type: 'text', version: 1, text, detail: 0, format: 0, mode: 'normal', style: '' }],
        },
      ],
    },
  })

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-migrate-'))
  const db = await freshDatabase(dir)
  drop = db.drop
  Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: dir, PAYLOAD_SECRET: randomBytes(24).toString('hex') })
  const { getPayload } = await import('payload')
  const { default: config } = await import('../cms/payload.config')
  const { knownMigrations } = await import('@cms/database/migrationList')
  const { databaseKind } = await import('@cms/database/databaseUrl')
  payload = await getPayload({ config })
  const all = knownMigrations()
  const localization = all.findIndex((migration) => migration.name.endsWith('_localization'))
  expect(localization).toBeGreaterThan(0)
  await payload.db.migrate({ migrations: all.slice(0, localization) })

  const drizzle = (payload.db as unknown as { drizzle: { run?: (q: unknown) => Promise<unknown>; execute: (q: unknown) => Promise<unknown> } }).drizzle
  const run = (query: string) => (databaseKind() === 'postgres' ? drizzle.execute(sql.raw(query)) : drizzle.run!(sql.raw(query)))
  const now = `'2026-01-01T00:00:00.000Z'`
  await run(`INSERT INTO topics (id, title, body, "order", updated_at, created_at) VALUES (1, 'Old Topic', '${body('Topic words')}', 1, ${now}, ${now})`)
  await run(
    `INSERT INTO modules (id, title, subtitle, body, "order", topic_id, updated_at, created_at) VALUES (1, 'Old Module', 'Old subtitle', '${body('Module words')}', 1, 1, ${now}, ${now})`,
  )
  await run(
    `INSERT INTO activities (id, title, module_id, type, "order", width, updated_at, created_at) VALUES (1, 'Old Activity', 1, 'readings', 1, 'full', ${now}, ${now})`,
  )
  await run(`INSERT INTO activities_readings (_order, _parent_id, id, text, path) VALUES (1, 1, 'r1', 'Old reading', 'https://example.org/r')`)
  await run(
    `INSERT INTO pages (id, slug, title, body, content_template, updated_at, created_at) VALUES (1, 'old-page', 'Old Page', '${body('Page words')}', 'default', ${now}, ${now})`,
  )
  await run(`INSERT INTO posts (id, title, body, updated_at, created_at) VALUES (1, 'Old Post', '${body('Post words')}', ${now}, ${now})`)
  await run(`INSERT INTO media (id, alt, filename, updated_at, created_at) VALUES (1, 'Old picture of a courthouse', 'old-courthouse.png', ${now}, ${now})`)

  await payload.db.migrate({ migrations: all })
}, 120_000)

afterAll(async () => {
  await payload?.destroy()
  ;(payload?.db as { pool?: { on: (event: string, listener: () => void) => void } } | undefined)?.pool?.on('error', () => undefined)
  await drop?.()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('the localization migration', () => {
  it('keeps existing content as English, and other languages fall back to it', async () => {
    for (const locale of ['en', 'es'] as const) {
      const topic = await payload.findByID({ collection: 'topics', id: 1, locale, depth: 0 })
      expect(topic.title).toBe('Old Topic')
      expect(topic.content).toContain('Topic words')
      const module = await payload.findByID({ collection: 'modules', id: 1, locale, depth: 0 })
      expect([module.title, module.subtitle]).toEqual(['Old Module', 'Old subtitle'])
      expect(module.content).toContain('Module words')
      const activity = await payload.findByID({ collection: 'activities', id: 1, locale, depth: 0 })
      expect(activity.title).toBe('Old Activity')
      expect(activity.readings?.[0]?.text).toBe('Old reading')
      const page = await payload.findByID({ collection: 'pages', id: 1, locale, depth: 0 })
      expect(page.title).toBe('Old Page')
      expect(page.content?.html).toContain('Page words')
      const post = await payload.findByID({ collection: 'posts', id: 1, locale, depth: 0 })
      expect(post.title).toBe('Old Post')
      expect(post.content).toContain('Post words')
      // An image's description, localized later, keeps its words as the English one too.
      const media = await payload.findByID({ collection: 'media', id: 1, locale, depth: 0 })
      expect(media.alt).toBe('Old picture of a courthouse')
    }
  })

  it('stores a translation beside the English and records that the document has one', async () => {
    await payload.update({ collection: 'topics', id: 1, locale: 'es', data: { title: 'Tema antiguo' } })
    const es = await payload.findByID({ collection: 'topics', id: 1, locale: 'es', depth: 0 })
    expect(es.title).toBe('Tema antiguo')
    expect(es.content).toContain('Topic words')
    expect(es.translatedLocales).toEqual(['es'])
    const en = await payload.findByID({ collection: 'topics', id: 1, locale: 'en', depth: 0 })
    expect(en.title).toBe('Old Topic')
  })
})

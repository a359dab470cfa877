/**
 * Two editors on one document: a save made against an older version is refused (412) with when
 * the document changed and which sent fields differ from what is stored, so the other editor's
 * paragraph is not silently erased. The version is the document's `updatedAt`, sent as
 * `If-Match: "<updatedAt>"` (what the console sends) or `If-Unmodified-Since`. A save that names
 * no version is not checked. Through the spec's PUT and Payload's PATCH.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Actors } from './helpers/actors'
import { type ApiResponse, type Client, message } from './helpers/client'
import { startServer, type TestServer } from './helpers/server'

let server: TestServer
let first: Client
let second: Client

beforeAll(async () => {
  server = await startServer()
  const actors = new Actors(server.payload, server.base)
  first = await actors.staff('topics:write', 'pages:write')
  second = await actors.staff('topics:write', 'pages:write')
})
afterAll(() => server?.close())

type Topic = { id: number; title: string; markdown: string; updatedAt: string }

const newTopic = async () => {
  const res = await first.post<{ doc: Topic }>('/api/topics', { title: 'The Constitution', markdown: 'First paragraph.', order: 1 })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.doc
}

const save = (client: Client, method: 'PUT' | 'PATCH', topic: Topic, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  client.request<{ doc: Topic }>(method, `/api/topics/${topic.id}`, body, { headers })

const stored = async (id: number) => (await server.payload.findByID({ collection: 'topics', id, depth: 0, overrideAccess: true })) as unknown as Topic

const conflictData = (res: ApiResponse) => res.body?.errors?.[0]?.data as { updatedAt: string; version: string; differs: string[] }

describe('a save made against an older version', () => {
  for (const method of ['PUT', 'PATCH'] as const) {
    it(`${method} with the If-Match of a version since replaced: 412, what changed, and the other editor's paragraph kept`, async () => {
      const opened = await newTopic()
      // Both editors opened version 1; the second saves first.
      const theirs = await save(
        second,
        method,
        opened,
        { title: opened.title, markdown: 'First paragraph.\n\nTheir paragraph.' },
        { 'if-match': `"${opened.updatedAt}"` },
      )
      expect(theirs.status, JSON.stringify(theirs.body)).toBe(200)
      const stale = await save(
        first,
        method,
        opened,
        { title: 'The Constitution', markdown: 'First paragraph, reworded.' },
        { 'if-match': `"${opened.updatedAt}"` },
      )
      expect(stale.status, JSON.stringify(stale.body)).toBe(412)
      expect(message(stale)).toBe('Someone else saved this since you opened it. Reload to see their changes, or overwrite them with yours.')
      const now = await stored(opened.id)
      expect(now.markdown).toBe('First paragraph.\n\nTheir paragraph.')
      expect(conflictData(stale)).toEqual({ updatedAt: now.updatedAt, version: `"${now.updatedAt}"`, differs: ['markdown'] })
      // Overwriting on purpose: the save names the version it now knows it replaces.
      const overwrite = await save(first, method, opened, { markdown: 'First paragraph, reworded.' }, { 'if-match': conflictData(stale).version })
      expect(overwrite.status, JSON.stringify(overwrite.body)).toBe(200)
      expect((await stored(opened.id)).markdown).toBe('First paragraph, reworded.')
    })
  }

  it('If-Unmodified-Since before the last save: 412; after it: saved', async () => {
    const topic = await newTopic()
    const before = new Date(Date.parse(topic.updatedAt) - 3600_000).toUTCString()
    const after = new Date(Date.parse(topic.updatedAt) + 3600_000).toUTCString()
    expect((await save(first, 'PUT', topic, { title: 'Earlier' }, { 'if-unmodified-since': before })).status).toBe(412)
    expect((await stored(topic.id)).title).toBe('The Constitution')
    expect((await save(first, 'PUT', topic, { title: 'Later' }, { 'if-unmodified-since': after })).status).toBe(200)
    expect((await stored(topic.id)).title).toBe('Later')
  })

  it('If-Match: * and a save naming no version are not checked (last save wins, as API clients expect)', async () => {
    const topic = await newTopic()
    await save(second, 'PATCH', topic, { title: 'Changed meanwhile' })
    expect((await save(first, 'PUT', topic, { title: 'Any version' }, { 'if-match': '*' })).status).toBe(200)
    expect((await save(first, 'PATCH', topic, { title: 'No version named' })).status).toBe(200)
    expect((await stored(topic.id)).title).toBe('No version named')
  })

  it('an If-Unmodified-Since that is not a date: 400 saying what it must be', async () => {
    const topic = await newTopic()
    const res = await save(first, 'PUT', topic, { title: 'x' }, { 'if-unmodified-since': 'yesterday' })
    expect(res.status).toBe(400)
    expect(message(res)).toBe('If-Unmodified-Since must be an HTTP date (such as Thu, 01 Jan 1970 00:00:00 GMT).')
  })
})

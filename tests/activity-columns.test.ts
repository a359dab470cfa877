/**
 * GET /api/activities/columns through real HTTP: the progress grid's columns (every activity by
 * module and topic, in the site's order and the reader's language), read as activities are read,
 * kept by the public-read cache with an ETag, and new on the request after an edit.
 * The grid's rows and cells (GET /api/classrooms/:id/progress) are in tests/roster.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest'

import { columnsMessages } from '../collections/Activities/endpoints/columns'
import { type ApiResponse, Client, fieldMessages, message } from './helpers/client'
import { docCreator } from './helpers/content'
import { serverForFile } from './helpers/fileServer'

let teacher: Client & { user: { id: number } }
const ids: Record<string, number> = {}

const path = '/api/activities/columns'

const { server, actors } = serverForFile()
beforeAll(async () => {
  teacher = await actors.educator()
  const createDoc = docCreator(server.payload)
  const create = (collection: string, data: Record<string, unknown>) => createDoc(collection, { markdown: 'Body', ...data })
  // Made out of order: the answer follows each level's `order`, then the title where orders are equal.
  ids.branches = await create('topics', { title: 'Branches', order: 2 })
  ids.constitution = await create('topics', { title: 'The Constitution', order: 1 })
  ids.congress = await create('modules', { title: 'Congress', topic: ids.branches, order: 1 })
  ids.empty = await create('modules', { title: 'Courts (coming soon)', topic: ids.branches, order: 2 })
  ids.amendments = await create('modules', { title: 'Amendments', topic: ids.constitution, order: 2 })
  ids.rights = await create('modules', { title: 'Bill of Rights', topic: ids.constitution, order: 1 })
  ids.quiz = await create('activities', { title: 'Quiz', type: 'storyline', module: ids.rights, order: 2 })
  ids.reading = await create('activities', { title: 'Read the amendments', type: 'default', module: ids.rights, order: 1 })
  ids.video = await create('activities', { title: 'Why amend?', type: 'video', module: ids.amendments, order: 1 })
  ids.bill = await create('activities', { title: 'Write a bill', type: 'default', module: ids.congress, order: 1 })
  ids.debate = await create('activities', { title: 'Debate it', type: 'default', module: ids.congress, order: 1 })
}, 120_000)

const columns = () => [
  {
    id: ids.constitution,
    title: 'The Constitution',
    modules: [
      {
        id: ids.rights,
        title: 'Bill of Rights',
        activities: [
          { id: ids.reading, title: 'Read the amendments', type: 'default' },
          { id: ids.quiz, title: 'Quiz', type: 'storyline' },
        ],
      },
      { id: ids.amendments, title: 'Amendments', activities: [{ id: ids.video, title: 'Why amend?', type: 'video' }] },
    ],
  },
  {
    id: ids.branches,
    title: 'Branches',
    modules: [
      {
        id: ids.congress,
        title: 'Congress',
        activities: [
          { id: ids.debate, title: 'Debate it', type: 'default' },
          { id: ids.bill, title: 'Write a bill', type: 'default' },
        ],
      },
      { id: ids.empty, title: 'Courts (coming soon)', activities: [] },
    ],
  },
]

const get = (client: Client, address: string, headers: Record<string, string> = {}) => client.request('GET', address, undefined, { headers })
const titles = (res: ApiResponse) =>
  res.body.flatMap((t: any) => [t.title, ...t.modules.flatMap((m: any) => [m.title, ...m.activities.map((a: any) => a.title)])]) as string[]

describe('the grid’s columns', () => {
  it("list every activity by module and topic in the site's order, compressed, for anyone who may read activities", async () => {
    const res = await get(teacher, path)
    expect(res.status).toBe(200)
    expect(res.body).toEqual(columns())
    expect(res.headers.get('cache-control')).toBe('private, no-cache')
    expect(res.headers.get('etag')).toMatch(/^W\/"/)
    for (const encoding of ['br', 'gzip']) {
      const compressed = await get(teacher, path, { 'accept-encoding': encoding })
      expect(compressed.headers.get('content-encoding')).toBe(encoding)
      expect(compressed.body).toEqual(columns())
    }
  })

  it('are read as activities are: a student and a teacher get the same, a visitor what GET /api/activities gives one (403)', async () => {
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)
    expect((await get(student, path)).body).toEqual(columns())
    const visitor = actors.anonymous()
    const [refused, activities] = [await get(visitor, path), await get(visitor, '/api/activities')]
    expect(refused.status).toBe(403)
    expect(refused.status).toBe(activities.status)
    expect(message(refused)).toBe(message(activities))
    expect(JSON.stringify(refused.body)).not.toContain('Quiz')
    // A refusal is never kept, nor marked as content anyone may keep.
    expect(refused.headers.get('x-public-cache')).toBeNull()
    expect(refused.headers.get('cache-control') ?? '').not.toMatch(/public/)
    // A session that ended reads as a visitor.
    student.bearer = true
    expect((await get(student, path)).status).toBe(200)
    expect((await student.post('/api/logout')).status).toBe(200)
    expect((await get(student, path)).status).toBe(403)
  })

  it("name everything in the reader's language, in English where a title has no translation", async () => {
    const translate = (collection: string, id: number, title: string | null) =>
      server.payload.update({ collection: collection as never, id, locale: 'es', data: { title } as never, overrideAccess: true })
    await translate('topics', ids.constitution, 'La Constitución')
    await translate('activities', ids.quiz, 'Prueba')
    try {
      const spanish = await get(teacher, `${path}?locale=es`)
      expect(spanish.status).toBe(200)
      expect(titles(spanish)).toEqual([
        'La Constitución',
        'Bill of Rights',
        'Read the amendments',
        'Prueba',
        'Amendments',
        'Why amend?',
        'Branches',
        'Congress',
        'Debate it',
        'Write a bill',
        'Courts (coming soon)',
      ])
      // Haitian Creole has no translation yet: English throughout; English is untouched.
      expect((await get(teacher, `${path}?locale=ht`)).body).toEqual(columns())
      expect((await get(teacher, `${path}?locale=en`)).body).toEqual(columns())
      expect((await get(teacher, path)).body).toEqual(columns())
    } finally {
      await translate('topics', ids.constitution, null)
      await translate('activities', ids.quiz, null)
    }
    expect((await get(teacher, `${path}?locale=es`)).body).toEqual(columns())
  })

  it("revalidate with a 304, and show an editor's change on the very next request", async () => {
    const first = await get(teacher, path)
    const etag = first.headers.get('etag') as string
    const again = await get(teacher, path, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(again.body).toBeNull()

    const editor = await actors.staff('activities:write', 'topics:write')
    expect((await editor.patch(`/api/activities/${ids.quiz}`, { title: 'Quiz: the first ten' })).status).toBe(200)
    try {
      const edited = await get(teacher, path, { 'if-none-match': etag })
      expect(edited.status).toBe(200)
      expect(edited.headers.get('etag')).not.toBe(etag)
      expect(titles(edited)).toContain('Quiz: the first ten')
      expect(titles(edited)).not.toContain('Quiz')
      // Through the Local API too (the admin panel), for a topic.
      await server.payload.update({ collection: 'topics', id: ids.branches, data: { title: 'The three branches' } as never, overrideAccess: true })
      expect(titles(await get(teacher, path))[6]).toBe('The three branches')
    } finally {
      await server.payload.update({ collection: 'activities', id: ids.quiz, data: { title: 'Quiz' } as never, overrideAccess: true })
      await server.payload.update({ collection: 'topics', id: ids.branches, data: { title: 'Branches' } as never, overrideAccess: true })
    }
    const restored = await get(teacher, path, { 'if-none-match': etag })
    expect(restored.status).toBe(304)
  })

  it.each([
    ['?locale=fr', 'locale', columnsMessages.locale],
    ['?locale=all', 'locale', columnsMessages.locale],
    ['?locale=', 'locale', columnsMessages.locale],
    ['?locale=es&locale=ht', 'locale', columnsMessages.locale],
    ['?depth=2', 'depth', columnsMessages.parameter('depth')],
    ['?locale=es&where[id][equals]=1', 'where[id][equals]', columnsMessages.parameter('where[id][equals]')],
  ])('refuse %s with a 400 that says why, and keep nothing', async (query, field, text) => {
    const res = await get(teacher, `${path}${query}`)
    expect(res.status).toBe(400)
    expect(message(res)).toBe(text)
    expect(fieldMessages(res)[field]).toBe(text)
    expect(res.headers.get('x-public-cache')).toBeNull()
  })
})

/**
 * Florida's benchmarks: the seeded list, tagging, staff coverage, the teacher's mastery view (the
 * grid's counting rules over the activities that teach each benchmark) and its CSV, and finding
 * content by title in the reader's language or by benchmark.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { seedBenchmarks } from '../seed'
import { Actors } from './helpers/actors'
import { message } from './helpers/client'
import { docCreator } from './helpers/content'
import { startServer, type TestServer } from './helpers/server'

let server: TestServer
let actors: Actors
const p = () => server.payload

const benchmarkId = async (code: string) =>
  (await p().find({ collection: 'benchmarks', where: { code: { equals: code } }, limit: 1, depth: 0, overrideAccess: true })).docs[0].id

let topicId: number | string
let moduleId: number | string
let quizId: number | string
let readingId: number | string
let otherModuleActivityId: number | string

beforeAll(async () => {
  server = await startServer()
  actors = new Actors(server.payload, server.base)
  await seedBenchmarks(p())
  const topic = await p().create({ collection: 'topics', data: { title: 'Foundations', markdown: 'About.', order: 1 } as never, overrideAccess: true })
  topicId = topic.id
  const module = await p().create({
    collection: 'modules',
    data: { title: 'Enlightenment and the Founding', markdown: 'About.', order: 1, topic: topic.id, benchmarks: [await benchmarkId('SS.7.CG.1.4')] } as never,
    overrideAccess: true,
  })
  moduleId = module.id
  await p().update({ collection: 'modules', id: module.id, locale: 'es', data: { title: 'La Ilustración y la Fundación' } as never, overrideAccess: true })
  const create = docCreator(p())
  quizId = await create('activities', { title: 'Locke quiz', type: 'default', markdown: 'x', order: 1, module: module.id })
  readingId = await create('activities', { title: 'Montesquieu reading', type: 'default', markdown: 'x', order: 2, module: module.id })
  const otherModule = await create('modules', { title: 'Citizenship', markdown: 'About.', order: 2, topic: topic.id })
  // Tagged by itself, in a module that is not: it teaches 2.1 on its own.
  otherModuleActivityId = await create('activities', {
    title: 'Naturalization',
    type: 'default',
    markdown: 'x',
    order: 1,
    module: otherModule,
    benchmarks: [await benchmarkId('SS.7.CG.2.1')],
  })
}, 120_000)

afterAll(async () => {
  await server?.close()
})

describe('the benchmarks', () => {
  it('are the 39 SS.7.CG benchmarks, each with its framework, the known reporting categories, and official wording only with its CPALMS source', async () => {
    const res = await actors.anonymous().get('/api/benchmarks?limit=100&sort=order')
    expect(res.status).toBe(200)
    const docs = res.body.docs as { code: string; framework: string; statement?: string | null; source?: string | null; reportingCategory?: string | null }[]
    expect(docs).toHaveLength(39)
    expect(docs[0].code).toBe('SS.7.CG.1.1')
    expect(docs.at(-1)!.code).toBe('SS.7.CG.4.3')
    expect(docs.every((d) => d.framework === 'SS.7.CG' && d.code.startsWith('SS.7.CG.'))).toBe(true)
    const byCode = new Map(docs.map((d) => [d.code, d]))
    expect(byCode.get('SS.7.CG.1.11')!.reportingCategory).toBe('1')
    expect(byCode.get('SS.7.CG.2.5')!.reportingCategory).toBe('2')
    expect(byCode.get('SS.7.CG.3.11')!.reportingCategory).toBe('2')
    expect(byCode.get('SS.7.CG.3.3')!.reportingCategory ?? null).toBeNull()
    expect(byCode.get('SS.7.CG.1.4')!.statement).toMatch(/^Analyze how Enlightenment ideas/)
    for (const d of docs) {
      if (d.statement) expect(d.source).toMatch(/^https:\/\/(www\.)?cpalms\.org\//)
      else expect(d.source ?? null).toBeNull()
    }
  })

  it('seeding again adds nothing', async () => {
    await seedBenchmarks(p())
    expect((await p().count({ collection: 'benchmarks', overrideAccess: true })).totalDocs).toBe(39)
  })

  it('a site seeded before some official wording was known gets it at its next start; wording staff entered stays', async () => {
    const federal = await benchmarkId('SS.7.CG.3.2')
    const amendments = await benchmarkId('SS.7.CG.3.5')
    const read = async (id: number | string) => p().findByID({ collection: 'benchmarks', id, depth: 0, overrideAccess: true })
    const officialAmendments = await read(amendments)
    await p().update({ collection: 'benchmarks', id: federal, data: { statement: null, source: null }, overrideAccess: true })
    const staffWording = 'Wording a staff member entered from the CPALMS page.'
    await p().update({ collection: 'benchmarks', id: amendments, data: { statement: staffWording }, overrideAccess: true })

    await seedBenchmarks(p())
    expect(await read(federal)).toMatchObject({
      statement: expect.stringMatching(/^Explain the advantages of a federal system of government/),
      source: 'https://www.cpalms.org/PreviewStandard/Preview/16110',
    })
    expect((await read(amendments)).statement).toBe(staffWording)
    await p().update({ collection: 'benchmarks', id: amendments, data: { statement: officialAmendments.statement }, overrideAccess: true })
  })

  it('refuses a code outside its framework, saying which field and why', async () => {
    const editor = await actors.staff('modules:write')
    const res = await editor.post('/api/benchmarks', { framework: 'SS.7.CG', code: 'SS.7.C.1.1', order: 99 })
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('SS.7.CG.1.4')
    const ok = await editor.post('/api/benchmarks', { framework: 'SS.7.C', code: 'SS.7.C.1.1', order: 99 })
    expect(ok.status).toBe(201)
    await p().delete({ collection: 'benchmarks', id: ok.body.doc.id, overrideAccess: true })
  })

  it('a staff editor tags a module through the REST API', async () => {
    const editor = await actors.staff('modules:write')
    const res = await editor.patch(`/api/modules/${moduleId}`, { benchmarks: [await benchmarkId('SS.7.CG.1.4'), await benchmarkId('SS.7.CG.1.3')] })
    expect(res.status).toBe(200)
    const module = await p().findByID({ collection: 'modules', id: moduleId, depth: 1, overrideAccess: true })
    expect((module.benchmarks as { code: string }[]).map((b) => b.code).sort()).toEqual(['SS.7.CG.1.3', 'SS.7.CG.1.4'])
  })
})

describe('the public cache', () => {
  it('a module read with its benchmarks shows a benchmark’s new wording at once (a change to a benchmark clears cached content)', async () => {
    const anonymous = actors.anonymous()
    const read = async () =>
      ((await anonymous.get(`/api/modules/${moduleId}?depth=1`)).body.benchmarks as { code: string; statement: string | null }[]).find(
        (b) => b.code === 'SS.7.CG.1.3',
      )?.statement ?? null
    expect(await read()).toBeNull()
    expect(await read()).toBeNull() // kept
    const editor = await actors.staff('modules:write')
    const wording = 'Wording entered by staff from the CPALMS page.'
    expect((await editor.patch(`/api/benchmarks/${await benchmarkId('SS.7.CG.1.3')}`, { statement: wording })).status).toBe(200)
    expect(await read()).toBe(wording)
    expect((await editor.patch(`/api/benchmarks/${await benchmarkId('SS.7.CG.1.3')}`, { statement: null })).status).toBe(200)
  })
})

describe('coverage', () => {
  it('lists every benchmark with the modules and activities that teach it, untaught first', async () => {
    const editor = await actors.staff('activities:write')
    const res = await editor.get('/api/benchmarks/coverage')
    expect(res.status).toBe(200)
    const docs = res.body.docs as { code: string; modules: { title: string }[]; activities: { title: string }[] }[]
    expect(docs).toHaveLength(39)
    const taught = docs.findIndex((d) => d.modules.length > 0 || d.activities.length > 0)
    expect(docs.slice(taught).every((d) => d.modules.length > 0 || d.activities.length > 0)).toBe(true)
    expect(docs.slice(0, taught).every((d) => d.modules.length === 0 && d.activities.length === 0)).toBe(true)
    const enlightenment = docs.find((d) => d.code === 'SS.7.CG.1.4')!
    expect(enlightenment.modules.map((m) => m.title)).toEqual(['Enlightenment and the Founding'])
    expect(enlightenment.activities.map((a) => a.title).sort()).toEqual(['Locke quiz', 'Montesquieu reading'])
    expect(docs.find((d) => d.code === 'SS.7.CG.2.1')!.activities.map((a) => a.title)).toEqual(['Naturalization'])
  })

  it('refuses a parameter it does not read', async () => {
    const editor = await actors.staff('modules:write')
    const res = await editor.get('/api/benchmarks/coverage?sort=code')
    expect(res.status).toBe(400)
    expect(message(res)).toBe('Unknown query parameter: sort.')
  })
})

describe('mastery', () => {
  it('each cell counts the student’s attempts on the activities teaching the benchmark, and the category’s, as the grid counts a module', async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const ann = await actors.student(classroom.id)
    const ben = await actors.student(classroom.id)
    const attempt = (student: unknown, activity: unknown, status: string, raw?: number) =>
      p().create({
        collection: 'attempts',
        data: { student, activity, classroom: classroom.id, status, ...(raw === undefined ? {} : { score: { raw, min: 0, max: 100 } }) } as never,
        overrideAccess: true,
      })
    await attempt(ann.user.id, quizId, 'passed', 90)
    await attempt(ann.user.id, readingId, 'incomplete')
    await attempt(ann.user.id, otherModuleActivityId, 'completed', 70)
    await attempt(ben.user.id, quizId, 'failed', 40)

    const res = await teacher.get(`/api/classrooms/${classroom.id}/benchmarks`)
    expect(res.status).toBe(200)
    const { benchmarks, categories, students, rows } = res.body as {
      benchmarks: { code: string; reportingCategory: string | null }[]
      categories: string[]
      students: { id: unknown }[]
      rows: {
        student: unknown
        benchmarks: { done: number; total: number; average: number | null }[]
        categories: { done: number; total: number; average: number | null }[]
      }[]
    }
    expect(benchmarks).toHaveLength(39)
    expect(categories).toEqual(['1', '2'])
    const at = (code: string) => benchmarks.findIndex((b) => b.code === code)
    const rowOf = (id: unknown) => rows[students.findIndex((s) => String(s.id) === String(id))]
    expect(rowOf(ann.user.id).benchmarks[at('SS.7.CG.1.4')]).toEqual({ done: 1, total: 2, average: 90 })
    expect(rowOf(ben.user.id).benchmarks[at('SS.7.CG.1.4')]).toEqual({ done: 1, total: 2, average: 40 })
    expect(rowOf(ann.user.id).benchmarks[at('SS.7.CG.2.1')]).toEqual({ done: 1, total: 1, average: 70 })
    expect(rowOf(ann.user.id).benchmarks[at('SS.7.CG.3.3')]).toEqual({ done: 0, total: 0, average: null })
    // Category 1 holds 1.3 and 1.4 (the same two activities, counted once); category 2 holds 2.1.
    expect(rowOf(ann.user.id).categories).toEqual([
      { done: 1, total: 2, average: 90 },
      { done: 1, total: 1, average: 70 },
    ])

    const csv = await teacher.request('GET', `/api/classrooms/${classroom.id}/benchmarks/csv`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    const text = String(csv.body)
    const [header, ...lines] = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(header).toContain('SS.7.CG.1.4: done,SS.7.CG.1.4: of,SS.7.CG.1.4: average score (%)')
    expect(lines).toHaveLength(2)
    // The quoted category names hold commas: the benchmarks' columns come after them, and the rows hold no quotes.
    const cols = header.replace(/"[^"]*"/g, 'quoted').split(',')
    const annLine = lines.find((l) => l.includes(String(ann.user.username)))!.split(',')
    expect(cols).toHaveLength(annLine.length)
    const doneAt = cols.indexOf('SS.7.CG.1.4: done')
    expect(annLine.slice(doneAt, doneAt + 3)).toEqual(['1', '2', '90'])
  })

  it('refuses another teacher, and an unknown parameter with a 400 naming it', async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const other = await actors.educator()
    expect((await other.get(`/api/classrooms/${classroom.id}/benchmarks`)).status).toBe(403)
    const bad = await teacher.get(`/api/classrooms/${classroom.id}/benchmarks?depth=3`)
    expect(bad.status).toBe(400)
    expect(message(bad)).toBe('Unknown query parameter: depth.')
  })
})

describe('finding content', () => {
  it('finds a module by its Spanish title in Spanish, and by benchmark', async () => {
    const anonymous = actors.anonymous()
    const spanish = await anonymous.get(`/api/modules?locale=es&depth=0&where[title][like]=${encodeURIComponent('ilustración')}`)
    expect(spanish.status).toBe(200)
    expect(spanish.body.docs.map((d: { id: unknown }) => d.id)).toEqual([moduleId])
    const english = await anonymous.get(`/api/modules?locale=en&depth=0&where[title][like]=${encodeURIComponent('ilustración')}`)
    expect(english.body.docs).toEqual([])
    const tagged = await anonymous.get(`/api/modules?depth=0&where[benchmarks][in]=${await benchmarkId('SS.7.CG.1.4')}`)
    expect(tagged.body.docs.map((d: { id: unknown }) => d.id)).toEqual([moduleId])
    expect(topicId).toBeDefined()
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { allScopes, coverageScopes, type Scope } from '../common/scopes'
import { Actors, password } from './helpers/actors'
import { Client } from './helpers/client'
import { startServer, type TestServer } from './helpers/server'
import { rosterZip, sampleDistrict } from './helpers/oneroster'

/**
 * Every collection × create/read/update/delete × anonymous, student, teacher, another teacher and
 * each staff scope, through the real HTTP API, asserting both what is allowed and what is refused.
 */
type Actor = 'anonymous' | 'student' | 'teacher' | 'otherTeacher' | Scope
type Op = 'create' | 'read' | 'update' | 'delete'
const actorsList: Actor[] = ['anonymous', 'student', 'teacher', 'otherTeacher', ...allScopes]

const isScope = (actor: Actor, ...scopes: Scope[]) => (scopes as string[]).includes(actor)
const loggedIn = (actor: Actor) => actor !== 'anonymous'
const contentRules = (prefix: 'pages' | 'modules' | 'topics' | 'activities', readNeedsLogin = false) => ({
  create: (a: Actor) => isScope(a, `${prefix}:write` as Scope),
  read: (a: Actor) => (readNeedsLogin ? loggedIn(a) : true),
  update: (a: Actor) => isScope(a, `${prefix}:write` as Scope),
  delete: (a: Actor) => isScope(a, `${prefix}:delete` as Scope),
})

const rules: Record<string, Record<Op, (a: Actor) => boolean>> = {
  topics: contentRules('topics'),
  modules: contentRules('modules'),
  activities: contentRules('activities', true),
  pages: contentRules('pages'),
  // Florida's benchmarks: public reading, kept by the staff who keep the modules.
  benchmarks: {
    create: (a) => isScope(a, 'modules:write'),
    read: () => true,
    update: (a) => isScope(a, 'modules:write'),
    delete: (a) => isScope(a, 'modules:delete'),
  },
  posts: {
    create: (a) => isScope(a, 'pages:write'),
    read: () => true,
    update: (a) => isScope(a, 'pages:write'),
    delete: (a) => isScope(a, 'pages:delete'),
  },
  media: {
    create: (a) => isScope(a, 'pages:write', 'modules:write', 'topics:write', 'activities:write'),
    read: () => true,
    update: (a) => isScope(a, 'pages:write', 'modules:write', 'topics:write', 'activities:write'),
    delete: (a) => isScope(a, 'pages:delete', 'modules:delete', 'topics:delete', 'activities:delete'),
  },
  // The target is somebody else's account.
  users: {
    create: (a) => isScope(a, 'users:write'),
    read: (a) => isScope(a, 'users:read', 'users:write'),
    update: (a) => isScope(a, 'users:write'),
    delete: (a) => isScope(a, 'users:write'),
  },
  // The target is a school the teacher created (private to them).
  schools: {
    create: loggedIn,
    read: (a) => a === 'teacher' || isScope(a, 'users:read'),
    update: (a) => a === 'teacher' || isScope(a, 'users:write'),
    delete: (a) => a === 'teacher' || isScope(a, 'users:write'),
  },
  // The target is the teacher's classroom.
  classrooms: {
    create: (a) => loggedIn(a) && a !== 'student',
    read: (a) => a === 'teacher' || isScope(a, 'users:read'),
    update: (a) => a === 'teacher' || isScope(a, 'users:write'),
    delete: (a) => a === 'teacher' || isScope(a, 'users:write'),
  },
  tickets: {
    create: () => true,
    read: (a) => isScope(a, 'tickets:read'),
    update: (a) => isScope(a, 'tickets:write'),
    delete: (a) => isScope(a, 'tickets:write'),
  },
  countries: { create: () => false, read: () => true, update: () => false, delete: () => false },
  // The target is an attempt of the teacher's student (`student` here): written only by the server.
  attempts: {
    create: () => false,
    read: (a) => a === 'student' || a === 'teacher' || isScope(a, 'users:read', 'users:write'),
    update: () => false,
    delete: (a) => isScope(a, 'users:write'),
  },
  // The target is an assignment of the teacher's classroom (the one `student` is in). Written through
  // its own endpoints; read by the classroom's teacher and users:read staff, as the progress grid.
  assignments: {
    create: (a) => a === 'teacher' || isScope(a, 'users:write'),
    read: (a) => a === 'teacher' || isScope(a, 'users:read', 'users:write'),
    update: (a) => a === 'teacher' || isScope(a, 'users:write'),
    delete: (a) => a === 'teacher' || isScope(a, 'users:write'),
  },
  // What a package tried to reach: written only by the content origin's report route; read and
  // cleared by the staff who edit activities (and allow hosts).
  'blocked-requests': {
    create: () => false,
    read: (a) => isScope(a, 'activities:write'),
    update: () => false,
    delete: (a) => isScope(a, 'activities:write'),
  },
  // District sign-in settings (a client secret among them): users:write staff only.
  'identity-providers': {
    create: (a) => isScope(a, 'users:write'),
    read: (a) => isScope(a, 'users:write'),
    update: (a) => isScope(a, 'users:write'),
    delete: (a) => isScope(a, 'users:write'),
  },
  // District roster imports: uploaded (a dry run) by users:write, read by users:read too, never edited.
  'roster-imports': {
    create: (a) => isScope(a, 'users:write'),
    read: (a) => isScope(a, 'users:read', 'users:write'),
    update: () => false,
    delete: (a) => isScope(a, 'users:write'),
  },
  // Who read a student's data: searched by users:read staff, append-only for everyone (the server writes it).
  'audit-log': {
    create: () => false,
    read: (a) => isScope(a, 'users:read'),
    update: () => false,
    delete: () => false,
  },
  // Payload's admin locks (the target locks a page): staff only, so nobody else can block an editor's save.
  'payload-locked-documents': {
    create: (a) => isScope(a, ...allScopes),
    read: (a) => isScope(a, ...allScopes),
    update: (a) => isScope(a, ...allScopes),
    delete: (a) => isScope(a, ...allScopes),
  },
}

let server: TestServer
let actors: Actors
const clients = new Map<Actor, Client & { user?: any }>()
let teacherId: number | string
let studentClassroomId: number | string
let seq = 0

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

beforeAll(async () => {
  // Limits are raised here: this file makes hundreds of requests from one address on purpose.
  server = await startServer({ env: { RATE_LIMIT_FACTOR: '100' } })
  actors = new Actors(server.payload, server.base)
  const teacher = await actors.educator()
  teacherId = teacher.user.id
  clients.set('teacher', teacher)
  clients.set('otherTeacher', await actors.educator())
  const classroom = await actors.classroom(teacher)
  studentClassroomId = classroom.id
  clients.set('student', await actors.student(classroom.id))
  clients.set('anonymous', actors.anonymous())
  for (const scope of allScopes) clients.set(scope, await actors.staff(scope))
}, 120_000)
afterAll(() => server?.close())

const p = () => server.payload

/** A fresh document to read, update or delete, made with the server's rights. */
const fixture = async (collection: string): Promise<number | string> => {
  const n = ++seq
  const payload = p()
  const create = (data: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    payload.create({ collection: collection as never, data: data as never, overrideAccess: true, ...extra }).then((d: any) => d.id)
  switch (collection) {
    case 'topics':
      return create({ title: `Topic ${n}`, markdown: 'Body', order: n })
    case 'modules':
      return create({ title: `Module ${n}`, markdown: 'Body', order: n, topic: await fixture('topics') })
    case 'activities':
      return create({ title: `Activity ${n}`, type: 'default', markdown: 'Body', module: await fixture('modules') })
    case 'benchmarks':
      return create({ framework: 'SS.7.CG', code: benchmarkCode(90, n), order: n })
    case 'pages':
      return create({ slug: `page-${n}`, title: `Page ${n}`, markdown: 'Body' })
    case 'posts':
      return create({ title: `Post ${n}`, markdown: 'Body' })
    case 'media':
      return create({ alt: `Image ${n}` }, { file: { data: png, mimetype: 'image/png', name: `img-${n}.png`, size: png.length } })
    case 'users':
      return create({ email: `target${n}@example.org`, password: 'target-password-1', mode: 'day', theme: 'civics' })
    case 'schools':
      return create({ name: `School ${n}`, district: 'District', user: teacherId })
    case 'classrooms':
      return create({ name: `Class ${n}`, code: `FIX-${n}`, owner: teacherId })
    case 'tickets':
      return create({ type: 'contact', name: 'Pat', email: 'pat@example.org', subject: 'Hello', message: 'Hi there', status: 'open' })
    case 'countries':
      return create({ countryName: `Country ${n}`, countryShortCode: `X${n}`, regions: [] })
    case 'attempts':
      return create({ student: clients.get('student')!.user.id, activity: await fixture('activities'), classroom: studentClassroomId, status: 'incomplete' })
    case 'assignments':
      return create({ classroom: studentClassroomId, title: `Assignment ${n}`, dueAt: '2030-01-01T04:59:00.000Z', activities: [await fixture('activities')] })
    case 'blocked-requests':
      return create({
        activity: await fixture('activities'),
        host: `host${n}.example.org`,
        directive: 'connect-src',
        count: 1,
        lastSeen: new Date().toISOString(),
      })
    case 'identity-providers':
      return create(identityProvider(`fixture-${n}`))
    case 'roster-imports':
      return create({ district: `fixture-${n}`, fileName: 'roster.zip', status: 'previewed', records: emptyRoster })
    case 'audit-log':
      return create({ action: 'progress-grid', actor: teacherId, actorLogin: 'teacher', classroom: studentClassroomId })
    case 'payload-locked-documents':
      return create({ document: { relationTo: 'pages', value: await fixture('pages') }, user: { relationTo: 'users', value: teacherId } })
  }
  throw new Error(collection)
}

/** A district's sign-in settings under a key unique per `n`. */
const identityProvider = (key: string) => ({
  name: `District ${key}`,
  key,
  issuer: `https://idp.${key}.example`,
  clientId: `client-${key}`,
  clientSecret: `secret-${key}`,
})
/** A roster import with nothing in it: confirming it changes no account. */
const emptyRoster = {
  version: '1.1',
  modes: { orgs: 'absent', users: 'absent', classes: 'absent', enrollments: 'absent', academicSessions: 'absent' },
  orgs: [],
  users: [],
  classes: [],
  enrollments: [],
  academicSessions: [],
}

/** A benchmark code of the form the collection accepts (strand and number of two digits at most), unique per `n`. */
const benchmarkCode = (strand: number, n: number) => `SS.7.CG.${strand + Math.floor(n / 100)}.${n % 100}`

const createBody = (collection: string, actor: Actor): Record<string, unknown> => {
  const n = ++seq
  switch (collection) {
    case 'topics':
      return { title: `New topic ${n}`, markdown: 'Made by the API', order: n }
    case 'benchmarks':
      return { framework: 'SS.7.CG', code: benchmarkCode(50, n), order: n }
    case 'pages':
      return { slug: `new-page-${n}`, title: `New page ${n}`, markdown: 'Made by the API' }
    case 'posts':
      return { title: `New post ${n}`, markdown: 'Made by the API' }
    case 'users':
      return { email: `made${n}@example.org`, password: 'made-password-1', mode: 'day', theme: 'civics' }
    case 'schools':
      return { name: `New school ${n}`, district: 'District' }
    case 'classrooms':
      return { name: `New class ${n}`, code: `NEW-${n}`, ...(isScope(actor, 'users:write') ? { owner: teacherId } : {}) }
    case 'tickets':
      return { type: 'contact', name: 'Pat', email: 'pat@example.org', subject: 'Question', message: 'How do I join?' }
    case 'countries':
      return { countryName: `New ${n}`, countryShortCode: `N${n}`, regions: [] }
    case 'attempts':
      return { student: clients.get('student')!.user.id, activity: n, status: 'passed' }
    case 'blocked-requests':
      return { activity: n, host: `made${n}.example.org`, count: 1, lastSeen: new Date().toISOString() }
    case 'identity-providers':
      return identityProvider(`made-${n}`)
    case 'audit-log':
      return { action: 'roster', actorLogin: `forged ${n}` }
  }
  return {}
}

const updateBody: Record<string, Record<string, unknown>> = {
  topics: { title: 'Changed' },
  modules: { title: 'Changed' },
  activities: { title: 'Changed' },
  pages: { title: 'Changed' },
  benchmarks: { reportingCategory: '4' },
  posts: { title: 'Changed' },
  media: { alt: 'Changed' },
  users: { attributes: { firstName: 'Changed' } },
  schools: { name: 'Changed' },
  classrooms: { name: 'Changed' },
  tickets: { status: 'closed' },
  countries: { countryName: 'Changed' },
  attempts: { status: 'passed', score: { raw: 100 } },
  'roster-imports': { status: 'imported' },
  assignments: { title: 'Changed' },
  'blocked-requests': { host: 'changed.example.org' },
  'identity-providers': { name: 'Changed' },
  'payload-locked-documents': { globalSlug: 'changed' },
  'audit-log': { actorLogin: 'someone else' },
}

const attempt = async (collection: string, op: Op, actor: Actor) => {
  const client = clients.get(actor)!
  if (op === 'create') {
    if (collection === 'modules') return client.post('/api/modules', { title: 'New module', markdown: 'x', order: 1, topic: await fixture('topics') })
    if (collection === 'activities') return client.post('/api/activities', { title: 'New activity', type: 'default', module: await fixture('modules') })
    if (collection === 'assignments')
      return client.post('/api/assignments', {
        classroom: studentClassroomId,
        title: 'New assignment',
        dueAt: '2030-01-01',
        activities: [await fixture('activities')],
      })
    if (collection === 'payload-locked-documents')
      return client.post('/api/payload-locked-documents', {
        document: { relationTo: 'pages', value: await fixture('pages') },
        user: { relationTo: 'users', value: client.user?.id ?? teacherId },
      })
    if (collection === 'roster-imports') {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(await rosterZip(sampleDistrict(`am${++seq}`)))], { type: 'application/zip' }), 'roster.zip')
      form.append('_payload', JSON.stringify({ district: `matrix-${seq}`, dryRun: true }))
      return client.request('POST', '/api/roster-imports', undefined, { raw: form })
    }
    if (collection === 'media') {
      const form = new FormData()
      form.append('file', new Blob([png], { type: 'image/png' }), `up-${++seq}.png`)
      form.append('_payload', JSON.stringify({ alt: 'Uploaded' }))
      return client.request('POST', '/api/media', undefined, { raw: form })
    }
    return client.post(`/api/${collection}`, createBody(collection, actor))
  }
  const id = await fixture(collection)
  if (op === 'read') return client.get(`/api/${collection}/${id}`)
  if (op === 'update') return client.patch(`/api/${collection}/${id}`, updateBody[collection])
  return client.delete(`/api/${collection}/${id}`)
}

const allowedStatus: Record<Op, number> = { create: 201, read: 200, update: 200, delete: 200 }

describe.each(Object.keys(rules))('%s', (collection) => {
  it.each(['create', 'read', 'update', 'delete'] as Op[])('%s: every actor gets exactly what the rules allow', async (op) => {
    const outcomes: string[] = []
    const expected: string[] = []
    for (const actor of actorsList) {
      const res = await attempt(collection, op, actor)
      const allowed = rules[collection][op](actor)
      outcomes.push(
        `${actor}: ${res.status === allowedStatus[op] ? 'allowed' : [401, 403, 404].includes(res.status) ? 'refused' : `status ${res.status} ${JSON.stringify(res.body).slice(0, 160)}`}`,
      )
      expected.push(`${actor}: ${allowed ? 'allowed' : 'refused'}`)
    }
    expect(outcomes).toEqual(expected)
  })
})

// The classroom's progress and roster routes. The target is a classroom of the teacher's
// and a student in it (a fresh one for each call, so a refused call is proven to change nothing).
const readsClassroom = (a: Actor) => a === 'teacher' || isScope(a, 'users:read', 'users:write')
const changesRoster = (a: Actor) => a === 'teacher' || isScope(a, 'users:write')
const rosterRoutes: {
  name: string
  allowed: (a: Actor) => boolean
  status: number
  call: (c: Client, classroom: unknown, student: unknown) => Promise<{ status: number }>
  changed?: (student: unknown) => Promise<boolean>
}[] = [
  { name: 'GET /api/classrooms/:id/progress', allowed: readsClassroom, status: 200, call: (c, k) => c.get(`/api/classrooms/${k}/progress`) },
  { name: 'GET /api/classrooms/:id/progress/csv', allowed: readsClassroom, status: 200, call: (c, k) => c.get(`/api/classrooms/${k}/progress/csv`) },
  { name: 'GET /api/classrooms/:id/benchmarks', allowed: readsClassroom, status: 200, call: (c, k) => c.get(`/api/classrooms/${k}/benchmarks`) },
  { name: 'GET /api/classrooms/:id/benchmarks/csv', allowed: readsClassroom, status: 200, call: (c, k) => c.get(`/api/classrooms/${k}/benchmarks/csv`) },
  {
    name: 'GET /api/classrooms/:id/students/:studentId/progress',
    allowed: readsClassroom,
    status: 200,
    call: (c, k, s) => c.get(`/api/classrooms/${k}/students/${s}/progress`),
  },
  {
    name: 'GET /api/classrooms/:id/students/:studentId/data',
    allowed: readsClassroom,
    status: 200,
    call: (c, k, s) => c.get(`/api/classrooms/${k}/students/${s}/data`),
  },
  {
    name: 'POST /api/classrooms/:id/students',
    allowed: changesRoster,
    status: 201,
    call: (c, k) => c.post(`/api/classrooms/${k}/students`, { firstNames: ['Matrix'] }),
  },
  {
    name: 'POST /api/classrooms/:id/students/:studentId/password',
    allowed: changesRoster,
    status: 200,
    call: (c, k, s) => c.post(`/api/classrooms/${k}/students/${s}/password`),
    changed: async (s) =>
      (
        await new Client(server.base).post('/api/login', {
          username: (await p().findByID({ collection: 'users', id: s as number, overrideAccess: true })).username,
          password,
        })
      ).status !== 200,
  },
  {
    name: 'DELETE /api/classrooms/:id/students/:studentId',
    allowed: changesRoster,
    status: 200,
    call: (c, k, s) => c.delete(`/api/classrooms/${k}/students/${s}`),
    changed: async (s) => (await p().findByID({ collection: 'users', id: s as number, overrideAccess: true, depth: 0 })).attributes?.classroom == null,
  },
  {
    name: 'DELETE /api/classrooms/:id/students/:studentId/account',
    allowed: changesRoster,
    status: 200,
    call: (c, k, s) => c.delete(`/api/classrooms/${k}/students/${s}/account`),
    changed: async (s) => (await p().count({ collection: 'users', where: { id: { equals: s as number } }, overrideAccess: true })).totalDocs === 0,
  },
]

describe('roster import confirmation', () => {
  it('POST /api/roster-imports/:id/confirm: users:write only, and a refused call imports nothing', async () => {
    const outcomes: string[] = []
    const expected: string[] = []
    for (const actor of actorsList) {
      const id = await fixture('roster-imports')
      const res = await clients.get(actor)!.post(`/api/roster-imports/${id}/confirm`, {})
      const status = (await p().findByID({ collection: 'roster-imports', id, overrideAccess: true })).status
      const ok = res.status === 200 && status === 'imported'
      outcomes.push(`${actor}: ${ok ? 'allowed' : [401, 403].includes(res.status) && status === 'previewed' ? 'refused' : `status ${res.status}, ${status}`}`)
      expected.push(`${actor}: ${isScope(actor, 'users:write') ? 'allowed' : 'refused'}`)
    }
    expect(outcomes).toEqual(expected)
  })
})

describe("a district's list delete", () => {
  it('POST /api/users/deletions: users:write staff only; a refused call deletes nobody', async () => {
    const outcomes: string[] = []
    const expected: string[] = []
    const classroomId = (await actors.classroom(clients.get('teacher')! as { user: { id: number } })).id
    for (const actor of actorsList) {
      const student = await actors.student(classroomId)
      const res = await clients.get(actor)!.post('/api/users/deletions', { usernames: [student.user.username] })
      const gone = (await p().count({ collection: 'users', where: { id: { equals: student.user.id } }, overrideAccess: true })).totalDocs === 0
      outcomes.push(
        `${actor}: ${res.status === 200 && gone ? 'allowed' : !gone && [401, 403].includes(res.status) ? 'refused' : `status ${res.status}, gone ${gone}`}`,
      )
      expected.push(`${actor}: ${isScope(actor, 'users:write') ? 'allowed' : 'refused'}`)
    }
    expect(outcomes).toEqual(expected)
  })
})

describe('benchmark coverage', () => {
  it('GET /api/benchmarks/coverage: staff of any content scope, nobody else', async () => {
    const outcomes: string[] = []
    const expected: string[] = []
    for (const actor of actorsList) {
      const res = await clients.get(actor)!.get('/api/benchmarks/coverage')
      outcomes.push(`${actor}: ${res.status === 200 ? 'allowed' : [401, 403].includes(res.status) ? 'refused' : `status ${res.status}`}`)
      expected.push(`${actor}: ${isScope(actor, ...coverageScopes) ? 'allowed' : 'refused'}`)
    }
    expect(outcomes).toEqual(expected)
  })
})

describe('district sign-in', () => {
  it("GET /api/identity-providers/districts: every actor gets the enabled districts' names and keys, and nothing else of them", async () => {
    await fixture('identity-providers')
    for (const actor of actorsList) {
      const res = await clients.get(actor)!.get('/api/identity-providers/districts')
      expect(res.status, actor).toBe(200)
      expect(res.body.districts.length, actor).toBeGreaterThan(0)
      for (const district of res.body.districts) expect(Object.keys(district).sort(), actor).toEqual(['key', 'name'])
    }
  })
})

describe('classroom progress and roster routes', () => {
  it.each(rosterRoutes.map((r) => [r.name, r] as const))('%s: the owner and authorised staff, nobody else', async (_name, route) => {
    const outcomes: string[] = []
    const expected: string[] = []
    // A classroom of the teacher's for each route: a fresh student per actor stays within a classroom's 60.
    const classroomId = (await actors.classroom(clients.get('teacher')! as { user: { id: number } })).id
    for (const actor of actorsList) {
      const student = (await actors.student(classroomId)).user.id
      const res = await route.call(clients.get(actor)!, classroomId, student)
      const changed = route.changed ? await route.changed(student) : res.status === route.status
      const ok = res.status === route.status && changed
      outcomes.push(`${actor}: ${ok ? 'allowed' : !changed && [401, 403, 404].includes(res.status) ? 'refused' : `status ${res.status}, changed ${changed}`}`)
      expected.push(`${actor}: ${route.allowed(actor) ? 'allowed' : 'refused'}`)
    }
    expect(outcomes).toEqual(expected)
  })

  it("another teacher's student is not reachable through one's own classroom", async () => {
    const other = clients.get('otherTeacher')!
    const theirs = await actors.classroom(other as { user: { id: number } })
    const stranger = (await actors.student(theirs.id)).user.id
    const teacher = clients.get('teacher')!
    for (const path of ['progress', 'data']) expect((await teacher.get(`/api/classrooms/${studentClassroomId}/students/${stranger}/${path}`)).status).toBe(404)
    expect((await teacher.delete(`/api/classrooms/${studentClassroomId}/students/${stranger}/account`)).status).toBe(404)
    expect((await teacher.delete(`/api/classrooms/${studentClassroomId}/students/${stranger}`)).status).toBe(404)
    expect((await p().count({ collection: 'users', where: { id: { equals: stranger } }, overrideAccess: true })).totalDocs).toBe(1)
  })

  it("the roster's first names are read by nobody but users:read staff through the users API", async () => {
    const res = await clients.get('teacher')!.post(`/api/classrooms/${studentClassroomId}/students`, { firstNames: ['Secretname'] })
    const { id, username } = res.body.students[0]
    const child = await actors.login(username, res.body.students[0].password)
    expect(JSON.stringify((await child.get('/api/users/me')).body)).not.toContain('Secretname')
    expect(JSON.stringify((await child.get(`/api/users/${id}`)).body)).not.toContain('Secretname')
    expect(JSON.stringify((await clients.get('student')!.get(`/api/users/${id}`)).body)).not.toContain('Secretname')
    expect((await clients.get('users:read')!.get(`/api/users/${id}`)).body.rosterName).toBe('Secretname')
    // Nobody renames it around the teacher's routes but users:write.
    await child.patch(`/api/users/${id}`, { rosterName: 'Changed' })
    expect((await p().findByID({ collection: 'users', id, overrideAccess: true })).rosterName).toBe('Secretname')
  })
})

// The assignment routes beyond create/read/update/delete. The target is an assignment of
// the teacher's classroom given to the whole class (so `student`, who is in it, has it to do).
const assignmentRoutes: { name: string; allowed: (a: Actor) => boolean; call: (c: Client, assignment: unknown) => Promise<{ status: number; body: any }> }[] = [
  { name: 'GET /api/assignments?classroom=:id', allowed: readsClassroom, call: (c) => c.get(`/api/assignments?classroom=${studentClassroomId}`) },
  { name: 'GET /api/assignments/:id/report', allowed: readsClassroom, call: (c, id) => c.get(`/api/assignments/${id}/report`) },
  { name: 'GET /api/assignments/:id/report/csv', allowed: readsClassroom, call: (c, id) => c.get(`/api/assignments/${id}/report/csv`) },
]

describe('assignment routes', () => {
  it.each(assignmentRoutes.map((r) => [r.name, r] as const))("%s: the classroom's teacher and users:read staff, nobody else", async (_name, route) => {
    const id = await fixture('assignments')
    const outcomes: string[] = []
    const expected: string[] = []
    for (const actor of actorsList) {
      const res = await route.call(clients.get(actor)!, id)
      outcomes.push(`${actor}: ${res.status === 200 ? 'allowed' : [401, 403, 404].includes(res.status) ? 'refused' : `status ${res.status}`}`)
      expected.push(`${actor}: ${route.allowed(actor) ? 'allowed' : 'refused'}`)
    }
    expect(outcomes).toEqual(expected)
  })

  it('GET /api/assignments/mine: a student their own open work only; everyone else nothing', async () => {
    const id = await fixture('assignments')
    const outcomes: string[] = []
    const expected: string[] = []
    for (const actor of actorsList) {
      const res = await clients.get(actor)!.get('/api/assignments/mine')
      const listed = res.status === 200 && res.body.assignments.some((a: any) => String(a.id) === String(id))
      outcomes.push(`${actor}: ${listed ? 'allowed' : [401, 403].includes(res.status) ? 'refused' : `status ${res.status}`}`)
      expected.push(`${actor}: ${actor === 'student' ? 'allowed' : 'refused'}`)
    }
    expect(outcomes).toEqual(expected)
    // A student of another classroom gets an empty list, never this one.
    const stranger = await actors.student((await actors.classroom(clients.get('otherTeacher')! as { user: { id: number } })).id)
    expect((await stranger.get('/api/assignments/mine')).body.assignments).toEqual([])
    expect((await stranger.get(`/api/assignments/${id}/report`)).status).toBe(403)
  })
})

describe('lists show only what each actor may read', () => {
  it('a teacher lists only their own classrooms and schools; a student none', async () => {
    const teacher = clients.get('teacher')!
    const other = clients.get('otherTeacher')!
    const mine = await teacher.get('/api/classrooms?limit=100')
    expect(mine.body.docs.every((c: any) => String(c.owner?.id ?? c.owner) === String(teacherId))).toBe(true)
    const others = (await other.get('/api/classrooms?limit=100')).body.docs
    expect(others.every((c: any) => String(c.owner?.id ?? c.owner) === String(other.user.id))).toBe(true)
    expect(mine.body.docs.length).toBeGreaterThan(0)
    expect((await clients.get('student')!.get('/api/classrooms')).body.docs ?? []).toHaveLength(0)
    const schools = await other.get('/api/schools?limit=100')
    expect(schools.body.docs.every((s: any) => !s.user || String(s.user?.id ?? s.user) === String(other.user.id))).toBe(true)
    expect(schools.body.docs.some((s: any) => String(s.user?.id ?? s.user) === String(teacherId))).toBe(false)
  })

  it("attempts: a student lists their own, a teacher their classroom's, another teacher none", async () => {
    const attemptId = await fixture('attempts')
    const student = clients.get('student')!
    for (const actor of ['student', 'teacher'] as Actor[]) {
      const res = await clients.get(actor)!.get(`/api/attempts?limit=100&depth=0`)
      expect(res.body.docs.length).toBeGreaterThan(0)
      expect(res.body.docs.every((d: any) => d.student === student.user.id)).toBe(true)
    }
    for (const actor of ['otherTeacher', 'activities:write', 'tickets:read'] as Actor[]) {
      const res = await clients.get(actor)!.get(`/api/attempts?where[id][equals]=${attemptId}&depth=0`)
      expect(res.body.docs).toEqual([])
      expect((await clients.get(actor)!.get(`/api/attempts/count?where[student][equals]=${student.user.id}`)).body.totalDocs ?? 0).toBe(0)
    }
  })

  it("cmi5: the fetch URL hands no actor a token without its signed key, and the attempt's cmi5 record reaches no API reader", async () => {
    const attemptId = await fixture('attempts')
    await p().update({ collection: 'attempts', id: attemptId, data: { cmi5: { registration: 'r', activityId: 'a' } } as never, overrideAccess: true })
    for (const actor of actorsList) {
      const client = clients.get(actor)!
      const read = await client.get(`/api/attempts/${attemptId}`)
      if (read.status === 200) expect(read.body.cmi5, actor).toBeUndefined()
      for (const path of ['/api/xapi/cmi5/fetch', '/api/xapi/cmi5/fetch?k=e30.AAAA']) {
        const fetched = await client.post(path)
        expect(fetched.status, actor).toBe(200)
        expect(fetched.body, actor).toMatchObject({ 'error-code': '2' })
      }
    }
  })

  it('nobody but users:read holders lists users, and each user sees only themself', async () => {
    for (const actor of ['student', 'teacher', 'otherTeacher', 'pages:write'] as Actor[]) {
      const res = await clients.get(actor)!.get('/api/users?limit=100')
      expect(res.body.docs.map((u: any) => u.id)).toEqual([clients.get(actor)!.user.id])
    }
    expect((await clients.get('users:read')!.get('/api/users?limit=100')).body.totalDocs).toBeGreaterThan(5)
    expect((await clients.get('anonymous')!.get('/api/users')).status).toBe(403)
  })

  it('anonymous visitors see modules but not their activities', async () => {
    const moduleId = await fixture('activities').then(
      async (id) => (await p().findByID({ collection: 'activities', id, overrideAccess: true, depth: 0 })).module,
    )
    const anon = await clients.get('anonymous')!.get(`/api/modules/${moduleId}`)
    expect(anon.status).toBe(200)
    expect(anon.body.activities).toBeUndefined()
    const student = await clients.get('student')!.get(`/api/modules/${moduleId}`)
    expect(student.body.activities.docs).toHaveLength(1)
    expect((await clients.get('anonymous')!.get('/api/activities')).status).toBe(403)
  })

  it("the grid's columns go to every actor exactly as GET /api/activities does, and name only the activities it lists", async () => {
    await fixture('activities')
    const outcomes: string[] = []
    const expected: string[] = []
    for (const actor of actorsList) {
      const client = clients.get(actor)!
      const columns = await client.get('/api/activities/columns')
      const activities = await client.get('/api/activities?pagination=false&depth=0&select[title]=true')
      outcomes.push(`${actor}: ${columns.status}`)
      expected.push(`${actor}: ${activities.status}`)
      if (columns.status !== 200 || activities.status !== 200) continue
      const named = columns.body.flatMap((t: any) => t.modules.flatMap((m: any) => m.activities.map((a: any) => a.id)))
      expect(named.length).toBeGreaterThan(0)
      expect(new Set(named)).toEqual(new Set(activities.body.docs.map((d: any) => d.id)))
      expect(named).toHaveLength(activities.body.docs.length)
    }
    expect(outcomes).toEqual(expected)
    expect(outcomes).toContain('anonymous: 403')
  })
})

describe('document locks (payload-locked-documents)', () => {
  const locks = '/api/payload-locked-documents'
  it('a student and a teacher get 403 on create, read, update and delete', async () => {
    const lock = await fixture('payload-locked-documents')
    const page = await fixture('pages')
    for (const actor of ['student', 'teacher'] as Actor[]) {
      const client = clients.get(actor)!
      const statuses = {
        actor,
        create: (await client.post(locks, { document: { relationTo: 'pages', value: page }, user: { relationTo: 'users', value: client.user.id } })).status,
        list: (await client.get(locks)).status,
        read: (await client.get(`${locks}/${lock}`)).status,
        update: (await client.patch(`${locks}/${lock}`, { user: { relationTo: 'users', value: client.user.id } })).status,
        delete: (await client.delete(`${locks}/${lock}`)).status,
      }
      expect(statuses).toEqual({ actor, create: 403, list: 403, read: 403, update: 403, delete: 403 })
    }
    expect(await p().count({ collection: 'payload-locked-documents', where: { id: { equals: lock } }, overrideAccess: true })).toMatchObject({ totalDocs: 1 })
  })

  it("an editor's save is not blocked by anything a student or teacher tried, and a lock names who wrote it", async () => {
    const page = await fixture('pages')
    const editor = clients.get('pages:write')!
    for (const actor of ['student', 'teacher'] as Actor[]) {
      const client = clients.get(actor)!
      // A lock forged in the editor's name, and one in their own.
      for (const user of [editor.user.id, client.user.id])
        await client.post(locks, { document: { relationTo: 'pages', value: page }, user: { relationTo: 'users', value: user } })
    }
    expect((await p().count({ collection: 'payload-locked-documents', overrideAccess: true, where: { 'document.value': { equals: page } } })).totalDocs).toBe(0)
    const saved = await editor.patch(`/api/pages/${page}`, { title: 'Saved by the editor' })
    expect(saved.status).toBe(200)
    const other = clients.get('pages:delete')!
    const made = await other.post(locks, { document: { relationTo: 'pages', value: page }, user: { relationTo: 'users', value: editor.user.id } })
    expect(made.status).toBe(201)
    const user = made.body.doc.user
    expect(String(user?.value?.id ?? user?.value ?? user)).toBe(String(other.user.id))
  })
})

describe('admin panel', () => {
  it('lets any staff scope into /admin and keeps students, teachers and visitors out', async () => {
    for (const actor of actorsList) {
      const res = await clients.get(actor)!.get('/api/access')
      expect({ actor, canAccessAdmin: res.body.canAccessAdmin === true }).toEqual({ actor, canAccessAdmin: isScope(actor, ...allScopes) })
    }
  })
})

describe('scopes', () => {
  it('nobody raises their own scopes, not even a users:write holder', async () => {
    const teacher = clients.get('teacher')!
    await teacher.patch(`/api/users/${teacher.user.id}`, { scopes: [...allScopes] })
    const admin = clients.get('users:write')!
    await admin.patch(`/api/users/${admin.user.id}`, { scopes: [...allScopes] })
    const read = async (id: unknown) => (await p().findByID({ collection: 'users', id: id as number, overrideAccess: true })).scopes
    expect(await read(teacher.user.id)).toEqual([])
    expect(await read(admin.user.id)).toEqual(['users:write'])
  })

  it('a users:write holder grants scopes to someone else', async () => {
    const target = await fixture('users')
    const res = await clients.get('users:write')!.patch(`/api/users/${target}`, { scopes: ['pages:write'] })
    expect(res.status).toBe(200)
    expect(res.body.doc.scopes).toEqual(['pages:write'])
  })

  it('nobody rewrites their own profile around its rules through PATCH', async () => {
    const student = clients.get('student')!
    await student.patch(`/api/users/${student.user.id}`, { attributes: { type: 'teacher', completed: true } })
    const teacher = clients.get('otherTeacher')!
    await teacher.patch(`/api/users/${teacher.user.id}`, { attributes: { type: 'student' } })
    const read = async (id: unknown) => (await p().findByID({ collection: 'users', id: id as number, overrideAccess: true, depth: 0 })).attributes?.type
    expect(await read(student.user.id)).toBe('student')
    expect(await read(teacher.user.id)).toBe('teacher')
    expect((await student.post(`/api/classrooms`, { name: 'Mine', code: 'STUDENT-1' })).status).toBe(403)
  })

  it('a student cannot move themself into another classroom', async () => {
    const student = clients.get('student')!
    const otherClass = await fixture('classrooms')
    await student.patch(`/api/users/${student.user.id}`, { attributes: { classroom: otherClass } })
    const saved = await p().findByID({ collection: 'users', id: student.user.id, overrideAccess: true, depth: 0 })
    expect(String(saved.attributes?.classroom)).toBe(String(studentClassroomId))
  })
})

describe('login fields: PATCH of username, email and password', () => {
  const newValue = (field: 'username' | 'email' | 'password') =>
    field === 'username' ? `renamed-${++seq}` : field === 'email' ? `renamed${++seq}@example.org` : `renamed-pass-${++seq}`

  it.each(['username', 'email', 'password'] as const)("someone else's %s: only users:write changes it", async (field) => {
    const outcomes: string[] = []
    const expected: string[] = []
    for (const actor of actorsList) {
      const target = await fixture('users')
      const value = newValue(field)
      const res = await clients.get(actor)!.patch(`/api/users/${target}`, { [field]: value })
      const saved = await p().findByID({ collection: 'users', id: target as number, overrideAccess: true, depth: 0 })
      const changed =
        field === 'password'
          ? (await new Client(server.base).post('/api/login', { username: saved.email, password: value })).status === 200
          : (saved as unknown as Record<string, unknown>)[field] === value
      outcomes.push(
        `${actor}: ${res.status === 200 && changed ? 'allowed' : !changed && [401, 403, 404].includes(res.status) ? 'refused' : `status ${res.status}, changed ${changed}`}`,
      )
      expected.push(`${actor}: ${isScope(actor, 'users:write') ? 'allowed' : 'refused'}`)
    }
    expect(outcomes).toEqual(expected)
  })

  it.each(['username', 'email', 'password'] as const)('their own %s: every actor must give the current password', async (field) => {
    for (const actor of actorsList.filter(loggedIn)) {
      const client = clients.get(actor)!
      const without = await client.patch(`/api/users/${client.user.id}`, { [field]: newValue(field) })
      expect({ actor, status: without.status }).toEqual({ actor, status: 400 })
      const value = field === 'email' && client.user.username ? null : newValue(field)
      if (value === null) continue // a student has no email to change here (PUT /providers refuses it)
      const withIt = await client.patch(`/api/users/${client.user.id}`, { [field]: value, currentPassword: password })
      expect({ actor, status: withIt.status }).toEqual({ actor, status: 200 })
      if (field === 'password') {
        // Put the shared password back so the other tests' logins keep working.
        await client.patch(`/api/users/${client.user.id}`, { password, currentPassword: value })
      }
    }
  })
})

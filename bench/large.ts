/**
 * Cost grows gently: the same reads on the seeded demo site, then on the same server
 * after the database has grown to a large site (50 topics, 1,000 modules, 10,000 activities,
 * 100,000 users, 3,000 classrooms), each beside the static-file ceiling measured in the same
 * phase. Targets: the home page's data, a module page's data (a student), a classroom page's data
 * (its teacher: the classroom, and its grid's progress and columns) and the console's first page
 * of users (staff). Prints req/s, p50 and p99 per phase, the bytes sent (compressed, as they cross
 * the network) and the large/small ratio of p50 (the goal: within 2×).
 * The large site is written straight into SQLite in batches, in the shape the server writes
 * (Local API creates would take hours: 100,000 password hashes).
 * Each target is measured in rounds and its fastest round kept (by p50), in both phases and for the
 * ceiling alike: a shared machine's speed moves from one few-second window to the next, and one
 * slow window would fall on one phase's target or another's.
 *   node --import tsx bench/large.ts [seconds per round, default 2] [rounds, default 3] [connections, default 10]
 */
import fs from 'node:fs'
import path from 'node:path'

import { apiPaths } from '../common/apiPaths'
import { listKey, keys } from '../web/src/api/keys'
import { USERS_LIST_FIELDS } from '../web/src/console/users/usersListFields'
import { benchPassword as password, benchTeacherEmail, benchTeacherWithClassroom } from './classOfAttempts'
import { hammer, percentile, sendLean, signIn, startBenchServer } from './harness'

const seconds = Number(process.argv[2] || 2)
const rounds = Number(process.argv[3] || 3)
const connections = Number(process.argv[4] || 10)
const size = { topics: 50, modulesPerTopic: 20, activitiesPerModule: 10, users: 100_000, classrooms: 3_000 }

const assets = path.join(process.cwd(), 'web', 'dist', 'assets')
const entry = fs.existsSync(assets) ? fs.readdirSync(assets).find((name) => name.startsWith('index-') && name.endsWith('.js')) : undefined
if (!entry) throw new Error('Build the web app first (npm run build:web): the ceiling is its JS entry.')

const bench = await startBenchServer()
// Imported once Payload is up: a static import of the adapter beside the server's own dynamic one
// left Node's module loading waiting for itself now and then (exit code 13, nothing printed).
const { sql } = await import('@payloadcms/db-sqlite')
const { payload } = bench
const db = payload.db as unknown as { drizzle: { run: (query: unknown) => Promise<unknown>; get: (query: unknown) => Promise<unknown> } }
const { server, base } = await bench.listen()

// The actors: a student in a classroom of 30, its teacher, and staff who read users.
const { teacher, classroom } = await benchTeacherWithClassroom(payload, 'BENCH-LARGE')
// The whole class, so the grid and the teacher's reads are a real class's on both sites (and the
// small site has a full first page of accounts for the console, as the large one has).
for (let s = 0; s < 30; s++) {
  await payload.create({
    collection: 'users',
    data: { username: `bench-student-${s}`, password, attributes: { type: 'student', classroom: classroom.id, completed: false } } as never,
    overrideAccess: true,
  })
}
await payload.create({
  collection: 'users',
  data: { email: 'bench-staff@example.org', password, scopes: ['users:read'] } as never,
  overrideAccess: true,
})
const login = async (username: string) => ({ authorization: `Bearer ${(await signIn(base, username, password)).token}` })
const as = { student: await login('bench-student-0'), teacher: await login(benchTeacherEmail), staff: await login('bench-staff@example.org') }
const firstModule = (await payload.find({ collection: 'modules', limit: 1, sort: 'order', depth: 0, overrideAccess: true })).docs[0]

/**
 * One request of a target. `revalidate`: sent as a browser that already holds the answer sends it,
 * with If-None-Match (the ETag of a first read in the same phase), and answered 304.
 */
type Read = { path: string; headers?: Record<string, string>; revalidate?: boolean }
/** A target's reads go out together, as a page's preloads do; each round ends when all have answered. */
type Target = { name: string; reads: Read[] }
const targets: Target[] = [
  { name: 'static: JS entry (the ceiling)', reads: [{ path: `/assets/${entry}` }] },
  { name: 'home data (topics list)', reads: [{ path: keys.topics() }] },
  { name: 'module page data (student)', reads: [{ path: keys.module(String(firstModule.id)), headers: as.student }] },
  { name: 'classroom (teacher)', reads: [{ path: apiPaths.classroom(teacher.id, classroom.id), headers: as.teacher }] },
  // What a teacher's browser asks for when the grid opens (the page preloads both): the classroom's
  // progress, and the columns, which it holds from an earlier visit (they are the same for every
  // classroom and change only with content), revalidated with a 304.
  {
    name: 'classroom grid (teacher)',
    reads: [
      { path: apiPaths.classroomProgress(classroom.id), headers: as.teacher },
      { path: apiPaths.activityColumns(), headers: as.teacher, revalidate: true },
    ],
  },
  // The columns in full, for a browser that does not hold them yet (a first visit, or the first
  // after an edit): from the server's read cache, compressed once per content change.
  { name: 'grid columns, first read', reads: [{ path: apiPaths.activityColumns(), headers: as.teacher }] },
  // What the console's users screen asks for: the newest first, only the fields its columns show.
  {
    name: 'console: users, first page',
    reads: [{ path: listKey('users', { sort: '-createdAt', select: USERS_LIST_FIELDS }), headers: as.staff }],
  },
]

type Figures = { rps: number; p50: number; p99: number; bytes: number; errors: number }
const measure = async () => {
  const figures: Figures[] = []
  for (const target of targets) {
    const reads = await Promise.all(
      target.reads.map(async ({ path, headers, revalidate }) => {
        const sent = { 'accept-encoding': 'gzip, br', ...headers }
        if (!revalidate) return { path, headers: sent, expected: 200 }
        const etag = (await fetch(base + path, { headers: sent })).headers.get('etag')
        if (!etag) throw new Error(`${path} has no ETag to revalidate with`)
        return { path, headers: { ...sent, 'if-none-match': etag }, expected: 304 }
      }),
    )
    // Sent as students.ts sends: Node's fetch would decode every answer in this process, and
    // decoding the large site's 4× bigger home data took more of the one core than serving it did.
    const get = async () => {
      const answers = await Promise.all(
        reads.map(async ({ path, headers, expected }) => {
          const res = await sendLean(base + path, { headers })
          return { expected: res.status === expected, bytes: res.wireBytes }
        }),
      )
      return { expected: answers.every((answer) => answer.expected), bytes: answers.reduce((sum, answer) => sum + answer.bytes, 0) }
    }
    let bytes = 0
    for (let i = 0; i < 10; i++) bytes = (await get()).bytes // warm-up: query plans, rich text, caches
    const runs: Figures[] = []
    for (let round = 0; round < rounds; round++) {
      const { latencies, errors } = await hammer(seconds, connections, async () => (await get()).expected)
      runs.push({ rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), bytes, errors })
    }
    const fastest = runs.reduce((best, run) => (run.p50 < best.p50 ? run : best))
    figures.push({ ...fastest, errors: runs.reduce((sum, run) => sum + run.errors, 0) })
  }
  return figures
}

const small = await measure()

// Grow the site. Rows go in 500 at a time, in one transaction per table.
const started = Date.now()
const now = new Date().toISOString()
const quote = (value: unknown) => (value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`)
const insert = async (table: string, columns: string[], rows: unknown[][]) => {
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows
      .slice(i, i + 500)
      .map((row) => `(${row.map(quote).join(',')})`)
      .join(',')
    await db.drizzle.run(sql.raw(`INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(',')}) VALUES ${values}`))
  }
}
const maxId = async (table: string) => {
  const res = (await db.drizzle.get(sql.raw(`SELECT COALESCE(MAX(id), 0) AS id FROM "${table}"`))) as { id: number }
  return Number(res.id)
}
const body = 'A paragraph of the reading, as an editor would write it.'
// The body column holds the Lexical state; its html and markdown are made from it when read.
const paragraph = { type: 'paragraph', format: '', indent: 0, version: 1, direction: 'ltr', textFormat: 0 }
const text = { type: 'text', text: body, format: 0, style: '', mode: 'normal', detail: 0, version: 1 }
const lexical = JSON.stringify({ root: { type: 'root', format: '', indent: 0, version: 1, direction: 'ltr', children: [{ ...paragraph, children: [text] }] } })
// The rows are made inside functions, so that the measuring after holds none of them: the
// server's heap is then its own, as in a school's, and its collections as short.
const growContent = async () => {
  let topicId = await maxId('topics')
  let moduleId = await maxId('modules')
  let activityId = await maxId('activities')
  const topics: unknown[][] = []
  const topicTexts: unknown[][] = []
  const modules: unknown[][] = []
  const moduleTexts: unknown[][] = []
  const activities: unknown[][] = []
  const activityTexts: unknown[][] = []
  for (let t = 0; t < size.topics; t++) {
    topics.push([++topicId, 1000 + t, now, now])
    topicTexts.push([`Large topic ${t}`, lexical, 'en', topicId])
    for (let m = 0; m < size.modulesPerTopic; m++) {
      modules.push([++moduleId, m, topicId, now, now])
      moduleTexts.push([`Module ${t}.${m}`, 'A subtitle', lexical, 'en', moduleId])
      for (let a = 0; a < size.activitiesPerModule; a++) {
        activities.push([++activityId, moduleId, 'default', a, 'full', now, now])
        activityTexts.push([`Activity ${t}.${m}.${a}`, lexical, 'en', activityId])
      }
    }
  }
  await insert('topics', ['id', 'order', 'updated_at', 'created_at'], topics)
  await insert('topics_locales', ['title', 'body', '_locale', '_parent_id'], topicTexts)
  await insert('modules', ['id', 'order', 'topic_id', 'updated_at', 'created_at'], modules)
  await insert('modules_locales', ['title', 'subtitle', 'body', '_locale', '_parent_id'], moduleTexts)
  await insert('activities', ['id', 'module_id', 'type', 'order', 'width', 'updated_at', 'created_at'], activities)
  await insert('activities_locales', ['title', 'body', '_locale', '_parent_id'], activityTexts)
}
// 3,000 teachers with a classroom each, and 97,000 students spread over the classrooms.
const growAccounts = async () => {
  let userId = await maxId('users')
  let classroomId = await maxId('classrooms')
  const teachers: unknown[][] = []
  const classrooms: unknown[][] = []
  for (let c = 0; c < size.classrooms; c++) {
    teachers.push([++userId, 'teacher', `Teacher${c}`, `Large${c}`, `large-teacher-${c}@example.org`, 'day', 'civics', now, now])
    classrooms.push([++classroomId, `Class ${c}`, `LARGE-${c}`, userId, now, now])
  }
  await insert(
    'users',
    ['id', 'attributes_type', 'attributes_first_name', 'attributes_last_name', 'email', 'mode', 'theme', 'updated_at', 'created_at'],
    teachers,
  )
  await insert('classrooms', ['id', 'name', 'code', 'owner_id', 'updated_at', 'created_at'], classrooms)
  const students: unknown[][] = []
  const firstClassroom = classroomId - size.classrooms + 1
  for (let s = 0; s < size.users - size.classrooms; s++) {
    students.push([++userId, 'student', firstClassroom + (s % size.classrooms), `large-student-${s}`, 'day', 'civics', now, now])
  }
  await insert('users', ['id', 'attributes_type', 'attributes_classroom_id', 'username', 'mode', 'theme', 'updated_at', 'created_at'], students)
}
await growContent()
await growAccounts()
// The public reads are cached: an editor's change clears them (the hooks do; these rows bypassed them).
const { contentChanged } = await import('@cms/cache')
contentChanged()
const counts = await Promise.all(['topics', 'modules', 'activities', 'users', 'classrooms'].map(async (table) => `${table} ${await maxId(table)}`))
console.log(`grew the site in ${Math.round((Date.now() - started) / 1000)} s: highest ids ${counts.join(', ')}`)

const large = await measure()

console.log(
  `\n${connections} connections, the fastest of ${rounds} rounds of ${seconds} s per target, one server on SQLite; the machine is shared: compare within a run`,
)
console.log(
  `${'target'.padEnd(32)} ${'small: req/s'.padStart(12)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'large: req/s'.padStart(12)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'bytes sent'.padStart(10)} ${'p50 ×'.padStart(6)} errors`,
)
targets.forEach((target, i) => {
  const [s, l] = [small[i], large[i]]
  console.log(
    `${target.name.padEnd(32)} ${s.rps.toFixed(0).padStart(12)} ${s.p50.toFixed(1).padStart(7)} ${s.p99.toFixed(1).padStart(7)} ${l.rps.toFixed(0).padStart(12)} ${l.p50.toFixed(1).padStart(7)} ${l.p99.toFixed(1).padStart(7)} ${`${s.bytes}→${l.bytes}`.padStart(10)} ${(l.p50 / s.p50).toFixed(2).padStart(6)} ${s.errors + l.errors}`,
  )
})
await bench.close(server)
process.exit(0)

/**
 * A school day's rush: 200 students log in at once, then browse (the SPA page,
 * the home topics, a module with its activities, /api/users/me, a theme save now and then) with a
 * think time between requests, while 5 teachers look at their classrooms; after a quiet 15 s the
 * next class of 200 logs in (servers that have run a while, as most classes meet them). Run against one
 * instance and then two (the client spreads requests round-robin, as the proxy would), each a
 * real `cms/startup/server.ts` process, on PostgreSQL; against one instance on SQLite without
 * TEST_POSTGRES_URL. Prints req/s and p50/p95/p99 per endpoint, beside a ceiling: a static file
 * from the same servers at full speed. Requests ask for compressed answers, as browsers do, and go
 * through node:http on kept-alive connections (`sendLean`: the client takes little of the cores).
 * The rush is printed beside its floor (the same password checks alone, timed just before) and
 * each phase with its CPU per request by part (bench/cpuTime.ts): on two cores shared by the
 * servers, PostgreSQL and this client, those move less with the machine's moment than wall times.
 *   [TEST_POSTGRES_URL=postgres://…] node --import tsx bench/students.ts [browse seconds, default 30] [think ms, default 1000] [students, default 200]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { verifyPasswordHash } from 'payload'

import { startServerProcesses, type ServerProcess } from '../tests/e2e/serverProcess'
import { freshDatabase } from '../tests/helpers/server'
import { apiPaths } from '../common/apiPaths'
import { cpuClock } from './cpuTime'
import { percentile, sendLean } from './harness'

const browseSeconds = Number(process.argv[2] || 30)
const thinkMs = Number(process.argv[3] || 1000)
const studentCount = Number(process.argv[4] || 200)
const teacherCount = 5
const quietSeconds = 15
const password = 'bench-password-42'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-bench-students-'))
// Several instances share PostgreSQL only; SQLite is one process's file.
const onPostgres = Boolean(process.env.TEST_POSTGRES_URL)
const instanceCounts = onPostgres ? [1, 2] : [1]
const db = await freshDatabase(dir)
const secret = 'bench-secret-0123456789abcdef0123456789'
Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: dir, UPLOADS_DIR: path.join(dir, 'uploads'), PAYLOAD_SECRET: secret, NODE_ENV: 'production' })

// Accounts and classrooms through the Local API, then this process lets go of the database.
const { boot } = await import('@cms/startup/boot')
const payload = await boot()
const teachers: { id: number; email: string; classroomId: number }[] = []
// Two classes: the first logs in as the servers come up, the next after a quiet spell.
const students: { id: number; username: string }[] = []
const nextClass: { id: number; username: string }[] = []
for (let t = 0; t < teacherCount; t++) {
  const email = `bench-teacher-${t}@example.org`
  const teacher = await payload.create({
    collection: 'users',
    data: { email, password, attributes: { type: 'teacher', firstName: 'Bench', lastName: `Teacher ${t}`, completed: true } } as never,
    overrideAccess: true,
  })
  const classroom = await payload.create({
    collection: 'classrooms',
    data: { name: `Bench class ${t}`, code: `BENCH-${t}`, owner: teacher.id } as never,
    overrideAccess: true,
  })
  teachers.push({ id: teacher.id as number, email, classroomId: classroom.id as number })
}
for (let s = 0; s < 2 * studentCount; s++) {
  const username = `bench-student-${s}`
  const doc = await payload.create({
    collection: 'users',
    data: {
      username,
      password,
      attributes: { type: 'student', classroom: teachers[s % teacherCount].classroomId, firstName: 'Bench', lastName: `Student ${s}`, completed: true },
    } as never,
    overrideAccess: true,
  })
  ;(s < studentCount ? students : nextClass).push({ id: doc.id as number, username })
}
const moduleIds = (await payload.find({ collection: 'modules', limit: 100, depth: 0, overrideAccess: true })).docs.map((m) => m.id)
// A student's stored hash, to time the rush's password checks alone (`hashingFloor`).
const storedPassword = (await payload.db.findOne<{ id: number; hash: string; salt: string }>({
  collection: 'users',
  where: { username: { equals: students[0].username } },
})) as { hash: string; salt: string }
await payload.destroy()

/**
 * Seconds this machine takes now for the rush's password checks alone: one per student, all at
 * once, with the server's own check (Payload's, patched: argon2id) on this process's hashing
 * threads (`cms/auth/passwordHashing.ts`, started by `boot` above), as the server's run.
 * The login rush cannot end sooner; the machine's speed moves this figure, not the server's code.
 */
const hashingFloor = async () => {
  const started = performance.now()
  await Promise.all(students.map(() => verifyPasswordHash(storedPassword, password)))
  return (performance.now() - started) / 1000
}

const webAsset = (() => {
  const assets = path.join(process.cwd(), 'web', 'dist', 'assets')
  const js = fs.existsSync(assets) ? fs.readdirSync(assets).find((name) => name.startsWith('index-') && name.endsWith('.js')) : undefined
  return js ? `/assets/${js}` : undefined
})()

type Timings = Map<string, { times: number[]; errors: number; started: number; ended: number }>

/** An error is counted, and the first few are printed as they happen (what failed matters more than how many). */
let printedErrors = 0
const failed = (entry: { errors: number }, name: string, what: string) => {
  entry.errors++
  if (printedErrors++ < 5) console.log(`error: ${name}: ${what}`)
}

/** Times one request until its last byte; answers its decoded body when `wanted` (a login's token) or when it failed. */
const timed = async (timings: Timings, name: string, url: string, init: Parameters<typeof sendLean>[1] = {}, wanted = false) => {
  const entry = timings.get(name) ?? { times: [], errors: 0, started: Date.now(), ended: 0 }
  timings.set(name, entry)
  const t = performance.now()
  try {
    const res = await sendLean(url, { ...init, headers: { 'accept-encoding': 'br, gzip', ...init.headers } })
    if (res.status !== 200) failed(entry, name, `${res.status} ${res.text().slice(0, 160)}`)
    return wanted ? res.text() : ''
  } catch (error) {
    failed(entry, name, String(error))
    return ''
  } finally {
    entry.times.push(performance.now() - t)
    entry.ended = Date.now()
  }
}

/** A timed login: answers its token (undefined when it failed). */
const logIn = async (timings: Timings, name: string, url: string, username: string) => {
  const body = await timed(
    timings,
    name,
    url,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) },
    true,
  )
  return (JSON.parse(body || '{}') as { token?: string }).token
}

const report = (label: string, timings: Timings, seconds?: number) => {
  console.log(`\n${label}`)
  console.log(
    `${'endpoint'.padEnd(44)} ${'requests'.padStart(8)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} errors`,
  )
  for (const [name, { times, errors, started, ended }] of timings) {
    const sorted = [...times].sort((a, b) => a - b)
    const span = seconds ?? Math.max(0.001, (ended - started) / 1000)
    console.log(
      `${name.padEnd(44)} ${String(times.length).padStart(8)} ${(times.length / span).toFixed(1).padStart(7)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 95).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)} ${errors}`,
    )
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const jitter = () => thinkMs * (0.5 + Math.random())

const serverPids = (servers: ServerProcess[]) => servers.map((server) => server.child.pid ?? 0)

/**
 * A class logging in at the same moment: prints their logins beside the floor (the same password
 * checks alone, just before) with the CPU a login took by part, and what someone outside the class
 * (a visitor, another class already signed in) waited meanwhile for the app's script and the home
 * data: they should not wait for the class's logins. Answers each student's token.
 */
const rushIn = async (servers: ServerProcess[], base: () => string, group: { id: number; username: string }[], title: string) => {
  const rush: Timings = new Map()
  const tokens = new Map<number, string>()
  const floor = await hashingFloor()
  const rushClock = cpuClock(serverPids(servers), onPostgres)
  const rushStarted = Date.now()
  const others: Timings = new Map()
  let rushing = true
  const someoneElse = (async () => {
    while (rushing) {
      if (webAsset) await timed(others, 'GET /assets/….js (static)', `${base()}${webAsset}`)
      await timed(others, 'GET /api/topics?depth=2 (home)', `${base()}${apiPaths.topics()}`)
      await sleep(100)
    }
  })()
  await Promise.all(
    group.map(async (student) => {
      const token = await logIn(rush, 'POST /api/login (student)', `${base()}/api/login`, student.username)
      if (token) tokens.set(student.id, token)
    }),
  )
  rushing = false
  await someoneElse
  report(`${title}, ${group.length} students at once (${((Date.now() - rushStarted) / 1000).toFixed(1)} s for all)`, rush)
  const rushCpu = rushClock?.stop(group.length)
  if (rushCpu) console.log(rushCpu)
  console.log(`Floor: the same ${group.length} password checks alone, at once in this process just before: ${floor.toFixed(2)} s`)
  report('During the rush, someone else (one request at a time, 100 ms apart)', others)
  return tokens
}

const run = async (servers: ServerProcess[]) => {
  let next = 0
  const base = () => servers[next++ % servers.length].baseURL
  const label = `${servers.length} instance${servers.length > 1 ? 's' : ''}`

  // 1. The first class: every student at the same moment, on servers that have just started.
  const tokens = await rushIn(servers, base, students, `${label} on ${onPostgres ? 'PostgreSQL' : 'SQLite'}: login rush, the first class after the start`)

  // 2. Browsing, with a think time between a person's requests.
  const browse: Timings = new Map()
  const end = Date.now() + browseSeconds * 1000
  const student = async ({ id }: { id: number }) => {
    const headers = { authorization: `Bearer ${tokens.get(id)}` }
    // A think time before the first step too: 200 people do not click at the same millisecond
    // (the rush above measures that), and without it the first step measured the bench's own start.
    await sleep(jitter())
    for (let step = 0; Date.now() < end; step++) {
      const moduleId = moduleIds[(id + step) % moduleIds.length]
      const actions = [
        () => timed(browse, 'GET / (SPA page with page data)', `${base()}/`, { headers }),
        () => timed(browse, 'GET /api/topics?depth=2 (home)', `${base()}${apiPaths.topics()}`, { headers }),
        () => timed(browse, 'GET /api/modules/:id?depth=3 (with activities)', `${base()}/api/modules/${moduleId}?depth=3`, { headers }),
        () => timed(browse, 'GET /api/users/me', `${base()}/api/users/me`, { headers }),
        () =>
          timed(browse, 'PUT /api/users/:id/theme', `${base()}/api/users/${id}/theme`, {
            method: 'PUT',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ mode: step % 2 ? 'night' : 'day' }),
          }),
      ]
      // A theme save every fifth step; otherwise a page, the home, a module or the account.
      await actions[step % 5 === 4 ? 4 : step % 4]()
      await sleep(jitter())
    }
  }
  const teacher = async (t: (typeof teachers)[number]) => {
    const headers = { authorization: `Bearer ${await logIn(browse, 'POST /api/login (teacher)', `${base()}/api/login`, t.email)}` }
    for (let step = 0; Date.now() < end; step++) {
      if (step % 2) await timed(browse, 'GET /api/users/:id/classrooms', `${base()}/api/users/${t.id}/classrooms`, { headers })
      else await timed(browse, 'GET /api/users/:id/classrooms/:id (40 pupils)', `${base()}/api/users/${t.id}/classrooms/${t.classroomId}`, { headers })
      await sleep(jitter())
    }
  }
  const browseClock = cpuClock(serverPids(servers), onPostgres)
  await Promise.all([...students.map(student), ...teachers.map(teacher)])
  report(`${label}: browsing for ${browseSeconds} s, think time ${thinkMs} ms ± 50 %`, browse, browseSeconds)
  const browseCpu = browseClock?.stop([...browse.values()].reduce((sum, { times }) => sum + times.length, 0))
  if (browseCpu) console.log(browseCpu)

  // 3. The next class, after a quiet spell longer than node-postgres's default idle timeout (10 s):
  // servers that have run for a while, their connections as a quiet spell leaves them.
  await sleep(quietSeconds * 1000)
  await rushIn(servers, base, nextClass, `${label}: login rush, the next class after ${quietSeconds} s without a request`)

  // 4. The ceiling: a static file from the same servers, 20 connections, 5 s.
  const ceiling: Timings = new Map()
  const path = webAsset ?? '/healthz'
  const ceilingEnd = Date.now() + 5000
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (Date.now() < ceilingEnd) await timed(ceiling, `GET ${webAsset ? '/assets/….js (static)' : '/healthz'}`, `${base()}${path}`)
    }),
  )
  report(`${label}: ceiling`, ceiling, 5)
}

const env = { DATABASE_URL: db.url, PAYLOAD_SECRET: secret, RATE_LIMIT_FACTOR: '100000' }
for (const count of instanceCounts) {
  const servers = await startServerProcesses(Array.from({ length: count }, (_, i) => ({ name: `bench${i + 1}`, env, demoLogins: false })))
  try {
    await run(servers)
  } finally {
    // What the failed requests met on the server: its log goes with its temporary folder.
    if (printedErrors) {
      for (const server of servers) {
        const errors = fs
          .readFileSync(server.logFile, 'utf8')
          .split('\n')
          .filter((line) => /ERROR|Error:|error:/.test(line))
        console.log(`server log errors (${errors.length}), the first ones:\n${errors.slice(0, 12).join('\n')}`)
      }
    }
    await Promise.all(servers.map((server) => server.stop()))
  }
}
await db.drop()
fs.rmSync(dir, { recursive: true, force: true })
process.exit(0)

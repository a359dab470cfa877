/**
 * What the audit log costs the progress grid: a class of 35 × 200 activities of attempts on fresh
 * SQLite (PostgreSQL with DATABASE_URL), `GET /api/classrooms/:id/progress` timed in alternating
 * blocks with its audit entry written (as in production) and with the insert skipped in this process
 * (the adapter's create answers at once for `audit-log`), so both run on the same machine state.
 * Targets and figures: docs/performance.md.
 *   node --import tsx bench/auditCost.ts [rounds per block, default 50] [blocks, default 4]
 */
import { benchPassword as password, benchTeacherEmail as email, seedClassOfAttempts } from './classOfAttempts'
import { percentile, signIn, startBenchServer } from './harness'

const rounds = Number(process.argv[2] || 50)
const blocks = Number(process.argv[3] || 4)

const bench = await startBenchServer()
const { payload } = bench
const { classroom } = await seedClassOfAttempts(payload, { code: 'BENCH-AUDIT', studentCount: 35, activityCount: 200 })
const { server, base } = await bench.listen()
const { token } = await signIn(base, email, password)
const headers = { authorization: `Bearer ${token}` }

const create = payload.db.create.bind(payload.db)
let skipAudit = false
payload.db.create = (async (args: Parameters<typeof create>[0]) =>
  skipAudit && args.collection === 'audit-log' ? ({} as never) : create(args)) as typeof payload.db.create

const times = { with: [] as number[], without: [] as number[] }
const url = `${base}/api/classrooms/${classroom.id}/progress`
for (let i = 0; i < 10; i++) await (await fetch(url, { headers })).arrayBuffer()
for (let block = 0; block < blocks * 2; block++) {
  skipAudit = block % 2 === 1
  for (let i = 0; i < rounds; i++) {
    const t = performance.now()
    const res = await fetch(url, { headers })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`grid: ${res.status}`)
    times[skipAudit ? 'without' : 'with'].push(performance.now() - t)
  }
}
const entries = (await payload.count({ collection: 'audit-log', overrideAccess: true })).totalDocs
console.log(`GET /api/classrooms/:id/progress, 35 × 200, ${rounds * blocks} requests each, alternating blocks; ${entries} audit entries written`)
for (const [name, list] of Object.entries(times)) {
  list.sort((a, b) => a - b)
  console.log(
    `${`${name} the audit entry`.padEnd(26)} p50 ${percentile(list, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(list, 99).toFixed(1).padStart(6)} ms`,
  )
}
await bench.close(server)
process.exit(0)

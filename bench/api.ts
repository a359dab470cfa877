/**
 * Throughput and latency of the main endpoints on a freshly seeded SQLite database, through the
 * real Express app (no admin). Prints one line per endpoint. Usage:
 *   node --import tsx bench/api.ts [seconds per endpoint, default 5] [connections, default 10]
 */
import fs from 'node:fs'
import path from 'node:path'

import { hammer, percentile, startBenchServer } from './harness'

const seconds = Number(process.argv[2] || 5)
const connections = Number(process.argv[3] || 10)

const bench = await startBenchServer()
const { payload } = bench
const { server, base } = await bench.listen()
const token = await bench.token(base, 'demo-student')
const storyline = (await payload.find({ collection: 'activities', where: { type: { equals: 'storyline' } }, overrideAccess: true })).docs[0]
const moduleId = typeof storyline.module === 'object' ? storyline.module.id : storyline.module

type Target = { name: string; path: string; init?: RequestInit }
const targets: Target[] = [
  { name: 'GET /api/health (Express only)', path: '/api/health' },
  { name: 'GET /api/topics?limit=10 (anonymous)', path: '/api/topics?limit=10' },
  { name: 'GET /api/pages/slug/help', path: '/api/pages/slug/help' },
  { name: 'GET /api/modules/:id (student, with activities)', path: `/api/modules/${moduleId}`, init: { headers: { authorization: `Bearer ${token}` } } },
  { name: 'GET /api/users/me (student)', path: '/api/users/me', init: { headers: { authorization: `Bearer ${token}` } } },
  { name: 'GET /uploads/…/story.html (static)', path: `/uploads/${storyline.id}/storyline/story.html` },
]
if (fs.existsSync(path.join(process.cwd(), 'web', 'dist', 'index.html'))) targets.push({ name: 'GET / (SPA page with page data)', path: '/' })

for (const target of targets) {
  // Warm-up: Payload initialises lazily and compiles queries on first use.
  for (let i = 0; i < 20; i++) await (await fetch(base + target.path, target.init)).arrayBuffer()
  const { latencies, errors } = await hammer(seconds, connections, async () => {
    const res = await fetch(base + target.path, target.init)
    await res.arrayBuffer()
    return res.status === 200
  })
  console.log(
    `${target.name.padEnd(50)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s  p50 ${percentile(latencies, 50).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms  errors ${errors}`,
  )
}

await bench.close(server)
process.exit(0)

/**
 * Throughput and latency of the main endpoints on a freshly seeded SQLite database, through the
 * real Express app (no admin). Prints one line per endpoint. Usage:
 *   node --import tsx bench/api.ts [seconds per endpoint, default 5] [connections, default 10]
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

const seconds = Number(process.argv[2] || 5)
const connections = Number(process.argv[3] || 10)

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-bench-'))
Object.assign(process.env, {
  DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
  DATA_DIR: dir,
  UPLOADS_DIR: path.join(dir, 'uploads'),
  PAYLOAD_SECRET: randomBytes(24).toString('hex'),
  RATE_LIMIT_FACTOR: '100000',
  NODE_ENV: 'production',
})
const { boot, config } = await import('../cms/boot')
const { createApp } = await import('../cms/app')
const payload = await boot()
const server = createApp({ payload, config }).listen(0, '127.0.0.1')
await new Promise((resolve) => server.once('listening', resolve))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const logins = fs.readFileSync(path.join(dir, 'demo-logins.txt'), 'utf8')
const studentPassword = /demo-student\s+(\S+)/.exec(logins)?.[1] ?? ''
const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'demo-student', password: studentPassword }),
})
const { token } = (await login.json()) as { token: string }
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

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

for (const target of targets) {
  // Warm-up: Payload initialises lazily and compiles queries on first use.
  for (let i = 0; i < 20; i++) await (await fetch(base + target.path, target.init)).arrayBuffer()
  const latencies: number[] = []
  let errors = 0
  const end = Date.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const started = performance.now()
        const res = await fetch(base + target.path, target.init)
        await res.arrayBuffer()
        if (res.status !== 200) errors++
        latencies.push(performance.now() - started)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  console.log(
    `${target.name.padEnd(50)} ${(latencies.length / seconds).toFixed(0).padStart(6)} req/s  p50 ${percentile(latencies, 50).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms  errors ${errors}`,
  )
}

server.close()
await payload.destroy()
fs.rmSync(dir, { recursive: true, force: true })
process.exit(0)

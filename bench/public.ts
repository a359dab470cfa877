/**
 * The public pages' data against the static-file ceiling of the same server, in one run:
 * the home page's data, a page by slug, a topic page, and a module page's data for a signed-in
 * student, each at N connections for a few seconds, beside the web app's JS entry (a static file).
 * The server is the real one in its own process (`cms/startup/server.ts`, production, SQLite, seeded), as
 * it runs in production: a client in the server's own process took the server's JavaScript thread
 * for itself and showed in every figure. Requests send `Accept-Encoding: gzip, br` as a browser
 * does. The load comes from wrk (apt-get install wrk), which leaves the server most of the machine.
 * Prints req/s, p50, p99 and the share of the ceiling's req/s.
 *   node --import tsx bench/public.ts [seconds per target, default 5] [connections, default 50]
 */
import fs from 'node:fs'
import path from 'node:path'

import http from 'node:http'

import { demoLogins } from '../tests/e2e/browser'
import { startServerProcess } from '../tests/e2e/serverProcess'
import { signIn, wrkLoad } from './harness'

const seconds = Number(process.argv[2] || 5)
const connections = Number(process.argv[3] || 50)

const assets = path.join(process.cwd(), 'web', 'dist', 'assets')
const entry = fs.existsSync(assets) ? fs.readdirSync(assets).find((name) => name.startsWith('index-') && name.endsWith('.js')) : undefined
if (!entry) throw new Error('Build the web app first (npm run build:web): the ceiling is its JS entry.')

const server = await startServerProcess({ name: 'bench-public', env: { RATE_LIMIT_FACTOR: '100000' } })
const base = server.baseURL
const student = demoLogins(server.dir).find((account) => account.login === 'demo-student')!
const { token } = await signIn(base, student.login, student.password)
const firstId = async (collection: string) =>
  ((await (await fetch(`${base}/api/${collection}?sort=order&limit=1&depth=0`)).json()) as { docs: { id: number }[] }).docs[0].id
const [topicId, moduleId] = [await firstId('topics'), await firstId('modules')]
const { keys } = await import('../web/src/api/keys')

const asStudent = { authorization: `Bearer ${token}` }
type Target = { name: string; path: string; headers?: Record<string, string> }
const targets: Target[] = [
  { name: 'static: JS entry (the ceiling)', path: `/assets/${entry}` },
  { name: 'home data (topics list)', path: keys.topics() },
  { name: 'page by slug (privacy)', path: keys.pageBySlug('privacy') },
  { name: 'topic page data', path: keys.topic(String(topicId)) },
  { name: 'module page data (student)', path: keys.module(String(moduleId)), headers: asStudent },
]

const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
/** One GET over a kept-alive connection: the status and the bytes on the wire (compressed or not). */
const get = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; bytes: number }>((resolve, reject) => {
    http
      .get(url, { agent, headers }, (res) => {
        let bytes = 0
        res.on('data', (chunk: Buffer) => (bytes += chunk.length))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }))
      })
      .on('error', reject)
  })

const results: { name: string; rps: number; p50: number; p99: number; bytes: number; errors: number }[] = []
for (const target of targets) {
  const headers = { 'accept-encoding': 'gzip, br', ...target.headers }
  let bytes = 0
  // Warm-up: Payload compiles queries and converts rich text on first use.
  for (let i = 0; i < 20; i++) {
    bytes = (await get(base + target.path, headers)).bytes
  }
  results.push({ name: target.name, ...wrkLoad(base + target.path, seconds, connections, headers), bytes })
}

const ceiling = results[0].rps
console.log(`${connections} connections, ${seconds} s each, one server process on SQLite, load from wrk (the machine is shared: compare within a run)`)
console.log(
  `${'target'.padEnd(32)} ${'req/s'.padStart(7)} ${'of static'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'bytes'.padStart(8)} errors`,
)
for (const r of results) {
  console.log(
    `${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(7)} ${`${Math.round((100 * r.rps) / ceiling)} %`.padStart(9)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.bytes).padStart(8)} ${r.errors}`,
  )
}
await server.stop()
process.exit(0)

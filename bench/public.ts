/**
 * The public pages' data against the static-file ceiling of the same server, in one run (issue 12):
 * the home page's data, a page by slug, a topic page, and a module page's data for a signed-in
 * student, each at N connections for a few seconds, beside the web app's JS entry (a static file).
 * Requests send `Accept-Encoding: gzip, br` as a browser does. Prints req/s, p50, p99 and the
 * share of the ceiling's req/s.
 *   node --import tsx bench/public.ts [seconds per target, default 5] [connections, default 50]
 */
import fs from 'node:fs'
import path from 'node:path'

import http from 'node:http'

import { hammer, percentile, startBenchServer } from './harness'

const seconds = Number(process.argv[2] || 5)
const connections = Number(process.argv[3] || 50)

const assets = path.join(process.cwd(), 'web', 'dist', 'assets')
const entry = fs.existsSync(assets) ? fs.readdirSync(assets).find((name) => name.startsWith('index-') && name.endsWith('.js')) : undefined
if (!entry) throw new Error('Build the web app first (npm run build:web): the ceiling is its JS entry.')

const bench = await startBenchServer()
const { payload } = bench
const { server, base } = await bench.listen()
const token = await bench.token(base, 'demo-student')
const topic = (await payload.find({ collection: 'topics', limit: 1, sort: 'order', depth: 0, overrideAccess: true })).docs[0]
const module = (await payload.find({ collection: 'modules', limit: 1, sort: 'order', depth: 0, overrideAccess: true })).docs[0]
const { keys } = await import('../web/src/api/keys')

const student = { authorization: `Bearer ${token}` }
type Target = { name: string; path: string; headers?: Record<string, string> }
const targets: Target[] = [
  { name: 'static: JS entry (the ceiling)', path: `/assets/${entry}` },
  { name: 'home data (topics list)', path: keys.topics() },
  { name: 'page by slug (privacy)', path: keys.pageBySlug('privacy') },
  { name: 'topic page data', path: keys.topic(String(topic.id)) },
  { name: 'module page data (student)', path: keys.module(String(module.id)), headers: student },
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
  const { latencies, errors } = await hammer(seconds, connections, async () => (await get(base + target.path, headers)).status === 200)
  results.push({ name: target.name, rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99), bytes, errors })
}

const ceiling = results[0].rps
console.log(`${connections} connections, ${seconds} s each, one server on SQLite (shared, loaded machine: compare within a run)`)
console.log(
  `${'target'.padEnd(32)} ${'req/s'.padStart(7)} ${'of static'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'bytes'.padStart(8)} errors`,
)
for (const r of results) {
  console.log(
    `${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(7)} ${`${Math.round((100 * r.rps) / ceiling)} %`.padStart(9)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.bytes).padStart(8)} ${r.errors}`,
  )
}
await bench.close(server)
process.exit(0)

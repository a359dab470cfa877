/**
 * Lighthouse (mobile, its default) on the home page, a topic page and /login, against the real
 * Express app on a freshly seeded SQLite database, driving the system's Chromium. Prints
 * performance, accessibility, CLS, FCP, LCP and TBT per page. Performance follows the machine's
 * load (TBT is measured CPU time); CLS and accessibility do not.
 *   npm run build:web && node --import tsx bench/lighthouse.ts [chromium path, default /usr/bin/chromium]
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

import { startBenchServer } from './harness'

const chromium = process.argv[2] || '/usr/bin/chromium'
const run = promisify(execFile)

const bench = await startBenchServer()
const { server, base } = await bench.listen()
const topic = (await bench.payload.find({ collection: 'topics', limit: 1, sort: 'order', depth: 0, overrideAccess: true })).docs[0]

type Report = { categories: Record<string, { score: number }>; audits: Record<string, { numericValue?: number; displayValue?: string }> }
console.log(`${'page'.padEnd(12)} perf  a11y  CLS     FCP     LCP     TBT`)
for (const page of ['/', `/topics/${topic.id}`, '/login']) {
  const { stdout } = await run(
    path.join(process.cwd(), 'node_modules', '.bin', 'lighthouse'),
    [
      base + page,
      `--chrome-path=${chromium}`,
      '--chrome-flags=--headless=new --no-sandbox',
      '--only-categories=performance,accessibility',
      '--output=json',
      '--quiet',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  )
  const { categories, audits } = JSON.parse(stdout) as Report
  console.log(
    `${page.padEnd(12)} ${String(Math.round(categories.performance.score * 100)).padStart(4)}  ${String(Math.round(categories.accessibility.score * 100)).padStart(4)}  ${(audits['cumulative-layout-shift'].numericValue ?? 0).toFixed(3)}  ${audits['first-contentful-paint'].displayValue?.padStart(6)}  ${audits['largest-contentful-paint'].displayValue?.padStart(6)}  ${audits['total-blocking-time'].displayValue?.padStart(6)}`,
  )
}
await bench.close(server)
process.exit(0)

/**
 * Lighthouse (mobile, its default) on the home page, a topic page and /login, against the real
 * Express app on a freshly seeded SQLite database, driving the system's Chromium. Each page is
 * measured LH_RUNS times (default 5), each run printed, then the median run as Lighthouse picks it
 * (`computeMedianRun`: the run nearest the median FCP and TTI). Lighthouse's own variability guide
 * recommends the median of five: one run in four to eight here meets a headless Chromium that
 * presents its first frame a second or two late (its renderer idle, every page alike, GPU or not),
 * which costs the Speed Index 0.2. Performance follows the machine's load (TBT is measured CPU
 * time); CLS and accessibility do not.
 *   npm run build:web && node --import tsx bench/lighthouse.ts [chromium path, default /usr/bin/chromium]
 */
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js'

import { startBenchServer } from './harness'

const chromium = process.argv[2] || '/usr/bin/chromium'
const runs = Number(process.env.LH_RUNS ?? 5)
const run = promisify(execFile)

const bench = await startBenchServer()
const { server, base } = await bench.listen()
const topic = (await bench.payload.find({ collection: 'topics', limit: 1, sort: 'order', depth: 0, overrideAccess: true })).docs[0]

type Report = Parameters<typeof computeMedianRun>[0][number]
const lighthouse = async (url: string): Promise<Report> => {
  const { stdout } = await run(
    path.join(process.cwd(), 'node_modules', '.bin', 'lighthouse'),
    [url, `--chrome-path=${chromium}`, '--chrome-flags=--headless=new --no-sandbox', '--only-categories=performance,accessibility', '--output=json', '--quiet'],
    { maxBuffer: 64 * 1024 * 1024 },
  )
  return JSON.parse(stdout) as Report
}

const score = (report: Report, category: string) => String(Math.round((report.categories[category]?.score ?? 0) * 100)).padStart(4)
const shown = (report: Report, audit: string) => (report.audits[audit]?.displayValue ?? '').padStart(7)
const line = (label: string, report: Report) =>
  `${label.padEnd(22)} ${score(report, 'performance')}  ${score(report, 'accessibility')}  ${(report.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)} ${shown(report, 'first-contentful-paint')} ${shown(report, 'largest-contentful-paint')} ${shown(report, 'total-blocking-time')} ${shown(report, 'speed-index')}`

console.log(`${'page'.padEnd(22)} perf  a11y  CLS        FCP     LCP     TBT      SI`)
for (const page of ['/', `/topics/${topic.id}`, '/login']) {
  const reports: Report[] = []
  for (let i = 1; i <= runs; i++) {
    reports.push(await lighthouse(base + page))
    console.log(line(`${page} run ${i}`, reports[reports.length - 1]))
  }
  console.log(line(`${page} median`, computeMedianRun(reports)))
}
await bench.close(server)
process.exit(0)

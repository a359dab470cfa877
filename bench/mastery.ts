/**
 * The benchmarks' mastery view of a full class: seeds 35 students × 200 activities of
 * attempts on a fresh SQLite database, the activities' modules tagged with Florida's benchmarks (and
 * some activities on their own), then times `GET /api/classrooms/:id/benchmarks` (and its CSV)
 * beside a ceiling measured in the same run (a static file from the same server), and the
 * classroom page's time to a usable mastery table (every student's row drawn, from navigation) in Chromium at 1366×768.
 * Targets: the grid's (docs/performance.md).
 *   node --import tsx bench/mastery.ts [API rounds, default 200] [page loads, default 5]
 */
import { benchPassword as password, benchTeacherEmail as email, fullClassSettings, seedClassOfAttempts } from './classOfAttempts'
import { percentile, signedInPage, signIn, startBenchServer, timeToRows, timerBesideCeiling } from './harness'

const { rounds, pageLoads, studentCount, activityCount } = fullClassSettings()

const bench = await startBenchServer()
const { payload } = bench
const started = Date.now()

const benchmarks = (await payload.find({ collection: 'benchmarks', pagination: false, depth: 0, sort: 'order', overrideAccess: true })).docs.map((b) => b.id)
if (benchmarks.length !== 39) throw new Error(`expected the 39 seeded benchmarks, found ${benchmarks.length}`)

// The catalogue: the seed's activities (tagged as seeded), topped up to 200 in modules each tagged
// with two benchmarks, every fifth activity with a third of its own.
let tag = 0
const nextBenchmark = () => benchmarks[tag++ % benchmarks.length]
const { activityIds, classroom } = await seedClassOfAttempts(payload, {
  code: 'BENCH-MASTERY',
  studentCount,
  activityCount,
  tags: { module: () => [nextBenchmark(), nextBenchmark()], activity: (a) => (a % 5 === 0 ? [nextBenchmark()] : []) },
})
console.log(
  `seeded ${studentCount} students × ${activityIds.length} activities = ${studentCount * activityIds.length} attempts, tagged with ${benchmarks.length} benchmarks, in ${Math.round((Date.now() - started) / 1000)} s`,
)

const { server, base } = await bench.listen()
const login = await signIn(base, email, password)
const time = await timerBesideCeiling(base, rounds)
await time('GET /api/classrooms/:id/progress (the grid, beside)', `/api/classrooms/${classroom.id}/progress`, login.token)
await time('GET /api/classrooms/:id/benchmarks', `/api/classrooms/${classroom.id}/benchmarks`, login.token)
await time('GET /api/classrooms/:id/benchmarks/csv', `/api/classrooms/${classroom.id}/benchmarks/csv`, login.token)

// The page: from navigation to every student's row in the mastery table, on a school laptop's screen.
const { browser, page } = await signedInPage(base, login.res)
const loads: number[] = []
const apiAnswered: number[] = []
for (let i = 0; i < pageLoads + 1; i++) {
  const answered = page.waitForResponse((r) => r.url().endsWith(`/api/classrooms/${classroom.id}/benchmarks`))
  const usable = await timeToRows(page, `/user/classrooms/${classroom.id}`, '.mastery .progress-table tbody tr', studentCount)
  const api = await page.evaluate(
    (url) => (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) => entry.name === url)?.responseEnd ?? NaN,
    (await answered).url(),
  )
  // The first load fills the browser's cache, as a teacher's first visit would.
  if (i > 0) loads.push(usable)
  if (i > 0) apiAnswered.push(api)
}
loads.sort((a, b) => a - b)
apiAnswered.sort((a, b) => a - b)
const cells = await page.locator('.mastery .progress-table tbody td').count()
console.log(
  `classroom page to a usable mastery table (${cells} cells), ${pageLoads} loads: median ${percentile(loads, 50).toFixed(0)} ms, worst ${loads[loads.length - 1].toFixed(0)} ms (its API answered at a median ${percentile(apiAnswered, 50).toFixed(0)} ms)`,
)

await browser.close()
await bench.close(server)
process.exit(0)

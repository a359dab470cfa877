/**
 * The progress grid of a full class: seeds 35 students × 200 activities of attempts on
 * a fresh SQLite database, then times `GET /api/classrooms/:id/progress` (and its CSV) beside a
 * ceiling measured in the same run (a static file from the same server), and the classroom page's
 * time to a usable grid (every student's row drawn, from navigation, in the module completion view it opens
 * on) in Chromium at 1366×768, and the time to draw every activity of every topic at once when the
 * teacher asks for it (the Activities view, then All topics).
 * Targets: docs/performance.md.
 *   node --import tsx bench/progress.ts [API rounds, default 200] [page loads, default 5]
 */
import { benchPassword as password, benchTeacherEmail as email, fullClassSettings, seedClassOfAttempts } from './classOfAttempts'
import { percentile, signedInPage, signIn, startBenchServer, timeToRows, timerBesideCeiling } from './harness'

const { rounds, pageLoads, studentCount, activityCount } = fullClassSettings()

const bench = await startBenchServer()
const { payload } = bench
const started = Date.now()

const { activityIds, classroom } = await seedClassOfAttempts(payload, { code: 'BENCH-GRID', studentCount, activityCount })
console.log(
  `seeded ${studentCount} students × ${activityIds.length} activities = ${studentCount * activityIds.length} attempts in ${Math.round((Date.now() - started) / 1000)} s`,
)

const { server, base } = await bench.listen()
const login = await signIn(base, email, password)
const time = await timerBesideCeiling(base, rounds)
await time('GET /api/classrooms/:id/progress', `/api/classrooms/${classroom.id}/progress`, login.token)
await time('GET /api/classrooms/:id/progress/csv', `/api/classrooms/${classroom.id}/progress/csv`, login.token)

// The page: from navigation to every student's row in the grid, in Chromium on a school laptop's screen.
const { browser, page } = await signedInPage(base, login.res)
const loads: number[] = []
const phases: Record<string, number>[] = []
// Where a load's time goes (ms from navigation): the HTML, the scripts, the grid's data, then React's work.
const phasesOfThisLoad = () => {
  const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
  const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
  const scripts = resources.filter((r) => r.initiatorType === 'script' || r.name.endsWith('.js'))
  const grid = resources.find((r) => r.name.endsWith('/progress'))
  return {
    html: Math.round(nav.responseEnd),
    scripts: Math.round(Math.max(...scripts.map((r) => r.responseEnd))),
    gridRequested: Math.round(grid?.startTime ?? NaN),
    gridAnswered: Math.round(grid?.responseEnd ?? NaN),
  }
}
const apiAnswered: number[] = []
for (let i = 0; i < pageLoads + 1; i++) {
  // The grid's table (the mastery table below it has the same class, inside `.mastery`).
  const usable = await timeToRows(page, `/user/classrooms/${classroom.id}`, '.progress:not(.mastery) .progress-table tbody tr', studentCount)
  if (i === 0) continue // the first load fills the browser's cache, as a teacher's first visit would
  loads.push(usable)
  const phase = await page.evaluate(phasesOfThisLoad)
  phases.push(phase)
  apiAnswered.push(phase.gridAnswered)
}
loads.sort((a, b) => a - b)
const cells = await page.locator('.progress-table tbody td').count()
// Then every topic at once: from the choice to the whole grid drawn.
const allCells = studentCount * activityCount
const allTopics: number[] = []
await page.getByLabel('Show').selectOption('activities')
await page.locator('.progress-table tbody td.progress-cell').first().waitFor({ state: 'visible' })
for (let i = 0; i < pageLoads; i++) {
  await page.getByLabel('Topic', { exact: true }).selectOption(i % 2 === 0 ? { value: '' } : { index: 1 })
  const t = performance.now()
  if (i % 2 === 0) {
    await page.waitForFunction((n) => document.querySelectorAll('.progress-table tbody td.progress-cell').length >= n, allCells, { polling: 50 })
    allTopics.push(performance.now() - t)
  } else await page.waitForFunction((n) => document.querySelectorAll('.progress-table tbody td.progress-cell').length < n, allCells, { polling: 50 })
}
allTopics.sort((a, b) => a - b)
apiAnswered.sort((a, b) => a - b)
console.log(
  `classroom page to a usable grid (${cells} cells), ${pageLoads} loads: median ${percentile(loads, 50).toFixed(0)} ms, worst ${loads[loads.length - 1].toFixed(0)} ms (the grid's API answered at a median ${percentile(apiAnswered, 50).toFixed(0)} ms)`,
)

console.log(
  `"All topics" chosen to the whole grid drawn (${allCells} cells), ${allTopics.length} times: median ${percentile(allTopics, 50).toFixed(0)} ms, worst ${allTopics[allTopics.length - 1].toFixed(0)} ms`,
)
const medianOf = (name: string) =>
  percentile(
    phases.map((p) => p[name]).sort((a, b) => a - b),
    50,
  )
console.log(
  `median phases from navigation: HTML ${medianOf('html')} ms, last script ${medianOf('scripts')} ms, grid data requested ${medianOf('gridRequested')} ms and answered ${medianOf('gridAnswered')} ms`,
)

await browser.close()
await bench.close(server)
process.exit(0)

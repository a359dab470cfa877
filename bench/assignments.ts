/**
 * Assignments for a full class: seeds 35 students × 200 activities of attempts and 40
 * assignments over those activities on a fresh SQLite database, then times the teacher's list
 * (`GET /api/assignments?classroom=`), one report, and a student's To do (`GET /api/assignments/mine`)
 * beside a ceiling measured in the same run (a static file from the same server) and the progress
 * grid of the same class (the budget they share), and the
 * classroom page's time to a usable assignments list (all 40 rows drawn, from navigation) in Chromium at 1366×768.
 * Targets: the grid's (docs/performance.md).
 *   node --import tsx bench/assignments.ts [API rounds, default 200] [page loads, default 5]
 */
import { benchPassword as password, benchTeacherEmail as email, fullClassSettings, seedClassOfAttempts } from './classOfAttempts'
import { percentile, signedInPage, signIn, startBenchServer, timeToRows, timerBesideCeiling } from './harness'

const { rounds, pageLoads, studentCount, activityCount } = fullClassSettings()
const assignmentCount = 40

const bench = await startBenchServer()
const { payload } = bench
const started = Date.now()

const { activityIds, classroom, studentIds } = await seedClassOfAttempts(payload, { code: 'BENCH-ASSIGN', studentCount, activityCount })
const moduleIds = (await payload.find({ collection: 'modules', pagination: false, depth: 0, select: { title: true }, overrideAccess: true })).docs.map(
  (m) => m.id,
)
// 40 assignments: each a module and two single activities; every fourth for a third of the class; some past due.
for (let n = 0; n < assignmentCount; n++) {
  await payload.create({
    collection: 'assignments',
    data: {
      classroom: classroom.id,
      title: `Week ${n + 1}`,
      instructions: 'Do every activity.',
      dueAt: new Date(Date.now() + (n - 10) * 24 * 3600_000).toISOString(),
      modules: [moduleIds[n % moduleIds.length]],
      activities: [activityIds[(n * 7) % activityIds.length], activityIds[(n * 11 + 3) % activityIds.length]],
      students: n % 4 === 3 ? studentIds.filter((_, i) => i % 3 === 0) : [],
    } as never,
    overrideAccess: true,
  })
}
console.log(
  `seeded ${studentCount} students × ${activityIds.length} activities = ${studentCount * activityIds.length} attempts and ${assignmentCount} assignments in ${Math.round((Date.now() - started) / 1000)} s`,
)

const { server, base } = await bench.listen()
const login = await signIn(base, email, password)
const student = await signIn(base, 'bench-student-0', password)
const list = (await (await fetch(`${base}/api/assignments?classroom=${classroom.id}`, { headers: { authorization: `Bearer ${login.token}` } })).json()) as {
  assignments: { id: number }[]
}

const time = await timerBesideCeiling(base, rounds)
// The grid of the same class, whose budget the assignments share: the reference for this machine's load.
await time('GET /api/classrooms/:id/progress (the grid)', `/api/classrooms/${classroom.id}/progress`, login.token)
await time('GET /api/assignments?classroom=:id (40)', `/api/assignments?classroom=${classroom.id}`, login.token)
await time('GET /api/assignments/:id/report', `/api/assignments/${list.assignments[20].id}/report`, login.token)
await time('GET /api/assignments/:id/report/csv', `/api/assignments/${list.assignments[20].id}/report/csv`, login.token)
await time("GET /api/assignments/mine (a student's To do)", '/api/assignments/mine', student.token)

// The page: from navigation to every assignment's row in the classroom page's list, on a school laptop's screen.
const { browser, page } = await signedInPage(base, login.res)
const loads: number[] = []
for (let i = 0; i < pageLoads + 1; i++) {
  const usable = await timeToRows(page, `/user/classrooms/${classroom.id}`, '.assignments-table tbody tr', assignmentCount)
  if (i > 0) loads.push(usable) // the first load fills the browser's cache, as a teacher's first visit would
}
loads.sort((a, b) => a - b)
console.log(
  `classroom page to a usable assignments list (${assignmentCount} rows), ${pageLoads} loads: median ${percentile(loads, 50).toFixed(0)} ms, worst ${loads[loads.length - 1].toFixed(0)} ms`,
)

await browser.close()
await bench.close(server)
process.exit(0)

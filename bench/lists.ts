/**
 * Console lists with thousands of rows: fills a fresh SQLite database with 3,000 pages and 5,000
 * activities, then times the list requests the console makes (20 a page, sorted, with selects),
 * first page and a deep page, plus a title search. Prints one line per request.
 *   node --import tsx bench/lists.ts [rounds, default 30]
 */
import { startBenchServer } from './harness'

const rounds = Number(process.argv[2] || 30)
const bench = await startBenchServer()
const { payload } = bench

const started = Date.now()
const moduleId = (await payload.find({ collection: 'modules', limit: 1, overrideAccess: true })).docs[0].id
for (let i = 0; i < 3000; i++) {
  await payload.create({
    collection: 'pages',
    data: { slug: `bench-page-${i}`, title: `Bench page ${i}`, markdown: `Page **${i}** body with some text to preview in the list.` } as never,
    overrideAccess: true,
  })
}
for (let i = 0; i < 5000; i++) {
  await payload.create({
    collection: 'activities',
    data: { title: `Bench activity ${i}`, type: 'default', module: moduleId, order: i, markdown: `Activity ${i}` } as never,
    overrideAccess: true,
  })
}
console.log(`filled 3,000 pages and 5,000 activities in ${Math.round((Date.now() - started) / 1000)} s`)

const { server, base } = await bench.listen()
const token = await bench.token(base, 'editor@civics360.local')
const headers = { authorization: `Bearer ${token}` }

const requests: [string, string][] = [
  ['pages, page 1 (with markdown preview)', '/api/pages?limit=20&page=1&sort=slug&depth=0&select[slug]=true&select[title]=true&select[content]=true'],
  ['pages, page 140', '/api/pages?limit=20&page=140&sort=slug&depth=0&select[slug]=true&select[title]=true&select[content]=true'],
  ['pages, title search', '/api/pages?limit=20&where[title][like]=page%2029&depth=0&select[slug]=true&select[title]=true'],
  [
    'activities, page 1 by order',
    '/api/activities?limit=20&page=1&sort=order&depth=0&select[title]=true&select[type]=true&select[order]=true&select[module]=true',
  ],
  [
    'activities, page 240 by order',
    '/api/activities?limit=20&page=240&sort=order&depth=0&select[title]=true&select[type]=true&select[order]=true&select[module]=true',
  ],
  ['activities, total count', '/api/activities/count'],
]
for (const [name, url] of requests) {
  const times: number[] = []
  for (let i = 0; i < rounds; i++) {
    const t = performance.now()
    const res = await fetch(base + url, { headers })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`${name}: ${res.status}`)
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  console.log(`${name.padEnd(40)} median ${times[Math.floor(times.length / 2)].toFixed(1)} ms  worst ${times[times.length - 1].toFixed(1)} ms`)
}
await bench.close(server)
process.exit(0)

import { performance } from 'node:perf_hooks'
const { startBenchServer } = await import('../bench/harness')
const bench = await startBenchServer()
const { payload } = bench
const { server, base } = await bench.listen()
const fs = await import('node:fs')
const logins = fs.readFileSync(process.env.DATA_DIR + '/demo-logins.txt', 'utf8')
const password = /demo-student\s+(\S+)/.exec(logins)![1]
const { verifyPasswordHash } = (await import('payload')) as any
const user = await payload.db.findOne<any>({ collection: 'users', where: { username: { equals: 'demo-student' } } })
const measure = async (label: string, n: number, fn: () => Promise<unknown>) => {
  for (let i = 0; i < 5; i++) await fn()
  const e0 = performance.eventLoopUtilization(); const t = performance.now()
  for (let i = 0; i < n; i++) await fn()
  const e = performance.eventLoopUtilization(e0)
  console.log(label.padEnd(34), 'wall', ((performance.now() - t) / n).toFixed(2), 'main', (e.active / n).toFixed(2))
}
await measure('hash verify', 100, () => verifyPasswordHash({ password, hash: user.hash, salt: user.salt }).catch((e: any) => console.log(e)))
await measure('Local payload.login', 100, () => payload.login({ collection: 'users', data: { username: 'demo-student', password } as any, depth: 0 }))
await measure('HTTP login', 100, () => fetch(base + '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo-student', password }) }).then((r) => r.text()))
await measure('db.findOne user', 200, () => payload.db.findOne({ collection: 'users', where: { username: { equals: 'demo-student' } } }))
await measure('count', 200, () => payload.count({ collection: 'users', where: { or: [{ username: { equals: 'demo-student' } }, { email: { equals: 'demo-student' } }] }, overrideAccess: true }))
await measure('findByID depth1 populate', 200, () => payload.findByID({ collection: 'users', id: user.id, depth: 1, overrideAccess: true }))
await measure('HTTP healthz', 200, () => fetch(base + '/healthz').then((r) => r.text()))
await measure('HTTP POST /api/login bad body', 200, () => fetch(base + '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.text()))
await bench.close(server); process.exit(0)

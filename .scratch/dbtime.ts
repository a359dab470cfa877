import { performance } from 'node:perf_hooks'
const { startBenchServer } = await import('../bench/harness')
const bench = await startBenchServer()
const { payload } = bench
const { server, base } = await bench.listen()
const fs = await import('node:fs')
const password = /demo-student\s+(\S+)/.exec(fs.readFileSync(process.env.DATA_DIR + '/demo-logins.txt', 'utf8'))![1]
const totals = new Map<string, [number, number]>()
const db = payload.db as any
for (const m of ['find', 'findOne', 'updateOne', 'count', 'create', 'upsert', 'updateMany', 'deleteMany', 'beginTransaction', 'commitTransaction']) {
  const orig = db[m]; if (typeof orig !== 'function') continue
  db[m] = async function (...a: any[]) { const t = performance.now(); try { return await orig.apply(this, a) } finally { const k = `${m} ${a[0]?.collection ?? ''} ${m === 'updateOne' ? Object.keys(a[0]?.data ?? {}).slice(0, 5).join(',') + ' returning=' + a[0]?.returning : ''}`; const v = totals.get(k) ?? [0, 0]; v[0] += performance.now() - t; v[1]++; totals.set(k, v) } }
}
const go = () => fetch(base + '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo-student', password }) }).then((r) => r.text())
for (let i = 0; i < 10; i++) await go()
totals.clear()
const e0 = performance.eventLoopUtilization()
const N = 100
for (let i = 0; i < N; i++) await go()
const e = performance.eventLoopUtilization(e0)
console.log('main per login', (e.active / N).toFixed(2))
for (const [k, [t, c]] of totals) console.log(k.padEnd(30), (t / N).toFixed(2), 'ms/login', (c / N).toFixed(1), 'calls/login')
await bench.close(server); process.exit(0)

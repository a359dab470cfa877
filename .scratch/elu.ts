import { performance } from 'node:perf_hooks'
const { startBenchServer } = await import('../bench/harness')
const bench = await startBenchServer()
const { payload } = bench
const { server, base } = await bench.listen()
await bench.token(base, 'demo-student')
const measure = async (label: string, n: number, fn: () => Promise<unknown>) => {
  for (let i = 0; i < 5; i++) await fn()
  const e0 = performance.eventLoopUtilization(); const t = performance.now()
  for (let i = 0; i < n; i++) await fn()
  const e = performance.eventLoopUtilization(e0)
  console.log(label.padEnd(30), 'wall ms each', ((performance.now() - t) / n).toFixed(2), 'main-thread ms each', ((e.active) / n).toFixed(2))
}
await measure('HTTP login', 100, () => bench.token(base, 'demo-student'))
await measure('HTTP login (again)', 100, () => bench.token(base, 'demo-student'))
const tok = await bench.token(base, 'demo-student')
await measure('GET / page (student)', 200, () => fetch(base + '/', { headers: { authorization: `Bearer ${tok}` } }).then((r) => r.text()))
await measure('GET /api/users/me', 200, () => fetch(base + '/api/users/me', { headers: { authorization: `Bearer ${tok}` } }).then((r) => r.text()))
await measure('GET static healthz', 200, () => fetch(base + '/healthz').then((r) => r.text()))
await bench.close(server); process.exit(0)

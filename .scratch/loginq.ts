import { createRequire } from 'node:module'
const require = createRequire(import.meta.url)
const libsql = require('libsql')
const log: string[] = []
let on = false
const orig = libsql.prototype.prepare
libsql.prototype.prepare = function (sql: string) { if (on) log.push(sql.slice(0, 300)); return orig.call(this, sql) }
const { startBenchServer } = await import('../bench/harness')
const bench = await startBenchServer()
const { server, base } = await bench.listen()
await bench.token(base, 'demo-student')
await bench.token(base, 'demo-student')
on = true
const t = performance.now()
await bench.token(base, 'demo-student')
console.log('one login ms', performance.now() - t)
on = false
console.log(log.length, 'statements'); for (const l of log) console.log('-', l)
// many sequential
const t2 = performance.now(); const cpu = process.cpuUsage()
for (let i = 0; i < 50; i++) await bench.token(base, 'demo-student')
const c = process.cpuUsage(cpu)
console.log('50 logins ms', performance.now() - t2, 'main+pool cpu user ms', c.user / 1000)
await bench.close(server); process.exit(0)

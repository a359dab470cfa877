import fs from 'node:fs'; import os from 'node:os'; import path from 'node:path'; import { randomBytes } from 'node:crypto'
import { freshDatabase } from '../tests/helpers/server'
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgcalls-'))
const db = await freshDatabase(dir)
Object.assign(process.env, { DATABASE_URL: db.url, DATA_DIR: dir, UPLOADS_DIR: path.join(dir, 'uploads'), PAYLOAD_SECRET: randomBytes(24).toString('hex'), RATE_LIMIT_FACTOR: '100000', NODE_ENV: 'production' })
const { boot, config } = await import('../cms/boot')
const { createApp } = await import('../cms/expressApp')
const payload = await boot()
const server = createApp({ payload, config }).listen(0, '127.0.0.1'); await new Promise((r) => server.once('listening', r))
const base = `http://127.0.0.1:${(server.address() as any).port}`
const password = /demo-student\s+(\S+)/.exec(fs.readFileSync(dir + '/demo-logins.txt', 'utf8'))![1]
const pg = (await import('pg')).default
const counts = new Map<string, number>(); let on = false
const o = pg.Client.prototype.query; pg.Client.prototype.query = function (...a: any[]) { const sql = String(typeof a[0] === 'string' ? a[0] : a[0]?.text).slice(0, 100); if (on) counts.set(sql, (counts.get(sql) ?? 0) + 1); return o.apply(this, a) }
const go = () => fetch(base + '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo-student', password }) }).then((r) => r.text())
for (let i = 0; i < 5; i++) await go()
on = true
const e0 = performance.eventLoopUtilization(); const t = performance.now()
for (let i = 0; i < 50; i++) await go()
const e = performance.eventLoopUtilization(e0)
console.log('wall per login', ((performance.now() - t) / 50).toFixed(2), 'main', (e.active / 50).toFixed(2))
for (const [k, v] of counts) console.log((v / 50).toFixed(1), k)
server.close(); await payload.destroy(); await db.drop(); process.exit(0)

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
const { token, user } = await (await fetch(base + '/api/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'demo-student', password }) })).json() as any
// count pg queries
const pg = (await import('pg')).default
const counts = new Map<string, number>(); let label = ''
for (const C of [pg.Client.prototype]) { const o = C.query; C.query = function (...a: any[]) { const sql = typeof a[0] === 'string' ? a[0] : a[0]?.text; if (label) counts.set(label + ' | ' + String(sql).slice(0, 90), (counts.get(label + ' | ' + String(sql).slice(0, 90)) ?? 0) + 1); return o.apply(this, a) } }
const h = { authorization: `Bearer ${token}` }
const mod = (await (await fetch(base + '/api/modules?limit=1&depth=0')).json() as any).docs[0].id
const { apiPaths } = await import('../common/apiPaths')
const eps: [string, () => Promise<Response>][] = [
  ['page', () => fetch(base + '/', { headers: h })],
  ['topics', () => fetch(base + apiPaths.topics(), { headers: h })],
  ['module', () => fetch(base + `/api/modules/${mod}?depth=3`, { headers: h })],
  ['me', () => fetch(base + '/api/users/me', { headers: h })],
  ['theme', () => fetch(base + `/api/users/${user.id}/theme`, { method: 'PUT', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify({ mode: 'night' }) })],
]
for (const [name, go] of eps) { await (await go()).text(); await (await go()).text(); label = name; const t = performance.now(); for (let i = 0; i < 10; i++) await (await go()).text(); label = ''; console.log(name, ((performance.now() - t) / 10).toFixed(2), 'ms') }
for (const [k, v] of counts) console.log((v / 10).toFixed(1), k)
server.close(); await payload.destroy(); await db.drop(); process.exit(0)

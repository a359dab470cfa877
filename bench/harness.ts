import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import { chromium, type Page } from 'playwright-core'

import { CHROMIUM_ARGS } from '../tests/e2e/browser'

/** The real Express app (no admin) on a fresh, seeded SQLite database in a temporary folder. */
export const startBenchServer = async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-bench-'))
  Object.assign(process.env, {
    DATABASE_URL: `file:${path.join(dir, 'bench.db')}`,
    DATA_DIR: dir,
    UPLOADS_DIR: path.join(dir, 'uploads'),
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
    RATE_LIMIT_FACTOR: '100000',
    NODE_ENV: 'production',
    SEED_DEMO_ACCOUNTS: 'true',
  })
  const { boot, config } = await import('@cms/startup/boot')
  const { createApp } = await import('@cms/http/expressApp')
  const payload = await boot()
  const logins = fs.readFileSync(path.join(dir, 'demo-logins.txt'), 'utf8')
  const listen = async () => {
    const server = http.createServer(createApp({ payload, config })).listen(0, '127.0.0.1')
    await new Promise((resolve) => server.once('listening', resolve))
    return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
  }
  /** Logs a demo account in over HTTP and answers its bearer token. */
  const token = async (base: string, login: string) => {
    const password = new RegExp(`${login.replace(/\./g, '\\.')}\\s+(\\S+)`).exec(logins)?.[1] ?? ''
    return (await signIn(base, login, password)).token
  }
  const close = async (server: { close: () => void }) => {
    server.close()
    await payload.destroy()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  return { payload, listen, token, close }
}

/** The p-th percentile of sorted figures. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

/** Logs `username` in over HTTP: the answer (its session cookie, for a browser) and a bearer token. */
export const signIn = async (base: string, username: string, password: string) => {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  return { res, token: ((await res.json()) as { token: string }).token }
}

/** One of the web app's scripts, served as a static file: the ceiling API figures are read beside. */
export const staticScript = () => `/assets/${fs.readdirSync(path.join(process.cwd(), 'web', 'dist', 'assets')).find((name) => name.endsWith('.js'))}`

/**
 * Times GETs one after another, `rounds` of each after five that warm Payload and the caches, and
 * prints their p50, p99 and the answer's size. Without a token the request is anonymous.
 */
export const sequentialTimer = (base: string, rounds: number) => async (name: string, url: string, token?: string) => {
  const times: number[] = []
  let bytes = 0
  for (let i = 0; i < rounds + 5; i++) {
    const t = performance.now()
    const res = await fetch(base + url, { headers: token ? { authorization: `Bearer ${token}` } : {} })
    bytes = (await res.arrayBuffer()).byteLength
    if (res.status !== 200) throw new Error(`${name}: ${res.status}`)
    if (i >= 5) times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  console.log(
    `${name.padEnd(44)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(times, 99).toFixed(1).padStart(6)} ms  (${Math.round(bytes / 1024)} KB)`,
  )
}

/** The sequential timer of `rounds` rounds, once it has timed the ceiling the figures after it are read beside. */
export const timerBesideCeiling = async (base: string, rounds: number) => {
  const time = sequentialTimer(base, rounds)
  console.log(`\nsequential requests, ${rounds} each, one client; the machine is shared with other work, so compare with the ceiling line`)
  await time('ceiling: static file /assets/*.js', staticScript())
  return time
}

/** Chromium on a school laptop's screen (1366×768), signed in with the session cookie a login answered with. */
export const signedInPage = async (base: string, login: Response) => {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS })
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1366, height: 768 } })
  const [name, value] = login.headers
    .getSetCookie()
    .find((c) => c.startsWith('payload-token='))!
    .split(';')[0]
    .split('=')
  await context.addCookies([{ name, value, url: base }])
  return { browser, page: await context.newPage() }
}

/**
 * `connections` loops sending `request` (which answers whether it got the answer it expected: a 200,
 * or a 304 for a revalidation) for `seconds`: sorted latencies in ms, and the unexpected answers.
 */
export const hammer = async (seconds: number, connections: number, request: () => Promise<boolean>) => {
  const latencies: number[] = []
  let errors = 0
  const end = Date.now() + seconds * 1000
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const started = performance.now()
        if (!(await request())) errors++
        latencies.push(performance.now() - started)
      }
    }),
  )
  return { latencies: latencies.sort((a, b) => a - b), errors }
}

/**
 * `connections` kept-alive connections GETting `url` for `seconds` from wrk (Debian's `wrk`: one
 * thread of C, so the load costs the machine little beside the server it measures). Answers
 * req/s, p50 and p99 in ms, and the answers that were not 2xx/3xx or failed.
 */
export const wrkLoad = (url: string, seconds: number, connections: number, headers: Record<string, string> = {}) => {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([key, value]) => ['-H', `${key}: ${value}`]), url]
  const run = spawnSync('wrk', args, { encoding: 'utf8' })
  if (run.error) throw new Error(`This bench needs wrk (apt-get install wrk): ${run.error.message}`)
  const out = run.stdout
  const ms = (label: string) => {
    const match = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)\\s*$`, 'm').exec(out)
    if (!match) throw new Error(`Unexpected wrk output:\n${out}${run.stderr}`)
    return Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's']
  }
  const count = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? 0)
  const errors =
    count(/Non-2xx or 3xx responses:\s+(\d+)/) + [...out.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0)
  return { rps: count(/Requests\/sec:\s+([\d.]+)/), p50: ms('50'), p99: ms('99'), errors }
}

// An idle connection is dropped after 4 s, before the server's 5 s keep-alive ends it: a request
// sent on a connection the server is closing at that moment fails (ECONNRESET; one in a 30 s run).
const leanAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity, timeout: 4000 })

/**
 * One request on kept-alive connections, as a browser keeps them; one connection a request in
 * flight. For a bench whose client shares the server's cores (bench/students.ts): Node's `fetch`
 * spent 1.3–4.4 ms of CPU a login there (its web streams, and decompressing every answer),
 * node:http 0.5–1.5 ms, taken from the server it measures. The body is kept as it came (its
 * length is what crossed the network) and decoded only when asked: a school's browsers decode on
 * their own machines.
 */
export const sendLean = (url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  new Promise<{ status: number; wireBytes: number; text: () => string }>((resolve, reject) => {
    const req = http.request(url, { method: init.method ?? 'GET', headers: init.headers, agent: leanAgent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', reject)
      res.on('end', () => {
        const raw = Buffer.concat(chunks)
        const encoding = res.headers['content-encoding']
        const decoded = () => (encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw)
        resolve({ status: res.statusCode ?? 0, wireBytes: raw.length, text: () => decoded().toString('utf8') })
      })
    })
    req.on('error', reject)
    req.end(init.body)
  })

/**
 * Opens `path` and answers, in the page's own clock (ms from its navigation), when `count` elements
 * matching `selector` are in the page and a frame has been drawn with them. Checked at each frame
 * without a layout: Playwright's visibility checks force one at every poll, which on a large page is
 * much of what they would measure.
 */
export const timeToRows = async (page: Page, path: string, selector: string, count: number) => {
  await page.goto(path, { waitUntil: 'commit' })
  // A string, so that no helper the bench's compiler adds to named functions is needed in the page.
  return page.evaluate<number>(`new Promise((resolve) => {
    const check = () => {
      if (document.querySelectorAll(${JSON.stringify(selector)}).length >= ${count}) requestAnimationFrame(() => resolve(performance.now()))
      else requestAnimationFrame(check)
    }
    check()
  })`)
}

import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import pg from 'pg'

import { freshDatabase } from '../helpers/server'
import { packageFiles } from '../helpers/packages'
import { buildZip, type EntrySpec } from '../helpers/zips'
import { type ServerProcess, type ServerProcessOptions, startServerProcess, startServerProcesses } from '../e2e/serverProcess'

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A fresh PostgreSQL database on TEST_POSTGRES_URL's server, and a client on it to look at its tables. */
export const freshPostgres = async () => {
  if (!process.env.TEST_POSTGRES_URL)
    throw new Error('These tests need TEST_POSTGRES_URL=postgres://user:pass@host:5432/postgres (a role that may create databases).')
  const db = await freshDatabase('')
  const client = new pg.Client({ connectionString: db.url })
  await client.connect()
  client.on('error', () => undefined)
  const count = async (table: string) => Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n)
  return {
    url: db.url,
    client,
    count,
    drop: async () => {
      await client.end()
      await db.drop()
    },
  }
}

/** What every instance of one deployment shares: the database, the secret, real rate limits. */
export const sharedEnv = (databaseUrl: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  PAYLOAD_SECRET: randomBytes(24).toString('hex'),
  RATE_LIMIT_FACTOR: '1',
  ...extra,
})

/** Starts `n` instances at the same moment; none is expected to seed in particular. */
export const startInstances = (n: number, env: Record<string, string>, onSpawn?: ServerProcessOptions['onSpawn']) =>
  startServerProcesses(Array.from({ length: n }, (_, i) => ({ name: `instance${i + 1}`, env, demoLogins: false, onSpawn })))

export const seedingLines = (instance: ServerProcess) => (fs.readFileSync(instance.logFile, 'utf8').match(/Seeding the demo content/g) ?? []).length

/** The current password of a demo account (the last line written for it in <dataDir>/demo-logins.txt). */
export const demoPassword = (dataDir: string, login: string) => {
  const lines = fs.readFileSync(path.join(dataDir, 'demo-logins.txt'), 'utf8').split('\n')
  const line = lines.reverse().find((l) => l.trim().split(/\s+/).slice(-2)[0] === login)
  if (!line) throw new Error(`No demo login ${login} in ${dataDir}`)
  return line.trim().split(/\s+/).pop() as string
}

/** Logs in over HTTP and answers the bearer token and user id. */
export const login = async (base: string, username: string, password: string) => {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  const body = (await res.json()) as { token: string; user: { id: number } }
  if (res.status !== 200) throw new Error(`login ${username} through ${base}: ${res.status} ${JSON.stringify(body)}`)
  return body
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export const exited = (instance: Pick<ServerProcess, 'child'>) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    const { child } = instance
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode })
    else child.once('exit', (code, signal) => resolve({ code, signal }))
  })

/** A raw connection that sends `head` and then whatever the test writes; collects the answer. */
export const rawRequest = (base: string, head: string) => {
  const { hostname, port } = new URL(base)
  const socket = net.connect(Number(port), hostname)
  let answer = ''
  socket.on('data', (chunk) => (answer += chunk))
  socket.on('error', () => undefined)
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)))
  socket.write(head)
  return { socket, closed }
}

/**
 * Starts of one deployment one after another on the first start's data (database, uploads,
 * temporary uploads), as a restart after a crash finds it; `drill` names the step at which
 * STORYLINE_CRASH_DRILL kills the process (cms/packages/storyline/extract.ts).
 */
export class StartsOnOneData {
  dataDir = ''
  running: ServerProcess | undefined
  readonly all: ServerProcess[] = []

  constructor(private readonly env: () => Record<string, string> = () => ({})) {}

  start = async (name: string, drill?: string) => {
    this.running = await startServerProcess({
      name,
      env: { WARM_UP_LOGINS: '0', STORYLINE_CRASH_DRILL: drill, ...this.env() },
      prepare: (): Record<string, string> | void =>
        this.dataDir
          ? { DATA_DIR: this.dataDir, UPLOADS_DIR: path.join(this.dataDir, 'uploads'), DATABASE_URL: `file:${path.join(this.dataDir, 'e2e.db')}` }
          : undefined,
    })
    this.dataDir ||= this.running.dir
    this.all.push(this.running)
    return this.running
  }

  editorToken = async (server: ServerProcess) =>
    (await login(server.baseURL, 'editor@civics360.local', demoPassword(this.dataDir, 'editor@civics360.local'))).token

  /** Kills the running start and removes every start's folder (each holds its log; the first, the data) and `more`. */
  end = async (more: string[] = []) => {
    const last = this.running
    if (last && last.child.exitCode === null && last.child.signalCode === null) last.child.kill('SIGKILL')
    if (last) await exited(last)
    if (!process.env.E2E_KEEP) for (const dir of [...this.all.map((server) => server.dir), ...more]) if (dir) fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** A Web publish whose every file names `label` (its title and `story_content/which.txt`), with `more` files. */
export const labelledPackage = (label: string, more: EntrySpec[] = []) =>
  buildZip([
    ...packageFiles('web').map((file) => ({ ...file, data: file.data.replace('Web quiz', `Web quiz ${label}`) })),
    { name: 'story_content/which.txt', data: label },
    ...more,
  ])

/** A new Storyline activity, made through the API of `server` in the seed's first module: its id. */
export const storylineActivityOn = async (server: ServerProcess, token: string, title: string) => {
  const modules = (await (await fetch(`${server.baseURL}/api/modules?limit=1&depth=0`)).json()) as { docs: { id: number }[] }
  const created = await fetch(`${server.baseURL}/api/activities`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify({ title, type: 'storyline', markdown: 'Quiz.', module: modules.docs[0].id }),
  })
  return ((await created.json()) as { doc: { id: number } }).doc.id
}

/** What a student's browser gets of a `labelledPackage`: its story.html and its `which.txt`, and the label each names. */
export const labelPlaying = async (server: ServerProcess, activityId: number) => {
  const base = `${server.contentURL}/uploads/${activityId}/storyline`
  const story = await fetch(`${base}/story.html`)
  const which = await fetch(`${base}/story_content/which.txt`)
  const text = await story.text()
  return { status: story.status, title: /Web quiz (\w+)/.exec(text)?.[1], which: which.status === 200 ? await which.text() : which.status }
}

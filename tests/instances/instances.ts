import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

import pg from 'pg'

import { freshDatabase } from '../helpers/server'
import { type ServerProcess, type ServerProcessOptions, startServerProcesses } from '../e2e/serverProcess'

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

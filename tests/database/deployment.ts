import { randomBytes } from 'node:crypto'

import pg from 'pg'

import { type ServerProcess, startServerProcess } from '../e2e/serverProcess'
import { type PrivatePostgres, startPrivatePostgres } from '../helpers/privatePostgres'
import { bearer, demoPassword, login, sleep } from '../instances/instances'

/**
 * Instances of one deployment on a PostgreSQL server of their own (tests/helpers/privatePostgres.ts),
 * which the tests and the bench restart, stop and starve, and a load of signed-in reads, signed-in
 * writes and anonymous ticket filings against them that records every answer.
 */
export type Deployment = {
  postgres: PrivatePostgres
  databaseUrl: string
  env: Record<string, string>
  instances: ServerProcess[]
  /** The demo student's token and id (the seed's account), signed in through the first instance. */
  student: { token: string; id: number }
  /** A server process on the same database (a replacement, or one more). */
  startInstance: (name: string, extra?: Record<string, string>) => Promise<ServerProcess>
  count: (sql: string) => Promise<number>
  /** The subjects of the stored tickets LIKE `pattern`. */
  ticketSubjects: (pattern: string) => Promise<string[]>
  close: () => Promise<void>
}

export const startDeployment = async ({
  instances: n = 2,
  maxConnections = 100,
  env: extra = {},
}: { instances?: number; maxConnections?: number; env?: Record<string, string> } = {}): Promise<Deployment> => {
  const postgres = await startPrivatePostgres({ maxConnections })
  const admin = new pg.Client({ connectionString: postgres.url })
  await admin.connect()
  await admin.query('CREATE DATABASE civics')
  await admin.end()
  const databaseUrl = postgres.url.replace(/\/postgres$/, '/civics')
  const env = {
    DATABASE_URL: databaseUrl,
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
    RATE_LIMIT_FACTOR: '100000',
    DATABASE_POOL_MAX: '5',
    RATE_LIMIT_POOL_MAX: '2',
    ...extra,
  }
  const started: ServerProcess[] = []
  const startInstance = async (name: string, more: Record<string, string> = {}) => {
    const instance = await startServerProcess({ name, env: { ...env, ...more }, demoLogins: false, timeoutMs: 360_000 })
    started.push(instance)
    return instance
  }
  const close = async () => {
    await Promise.all(started.map((instance) => instance.stop()))
    postgres.destroy()
  }
  try {
    // One at a time: the first migrates and seeds (with the demo accounts, whose passwords land in its folder).
    const first = await startInstance('instance1', { SEED_DEMO_ACCOUNTS: 'true' })
    const others = []
    for (let i = 2; i <= n; i++) others.push(await startInstance(`instance${i}`, { SEED_DEMO_ACCOUNTS: 'false' }))
    const signedIn = await login(first.baseURL, 'demo-student', demoPassword(first.dir, 'demo-student'))
    const query = async <T>(sql: string, values: unknown[] = []) => {
      const client = new pg.Client({ connectionString: databaseUrl })
      await client.connect()
      try {
        return (await client.query(sql, values)).rows as T[]
      } finally {
        await client.end()
      }
    }
    const count = async (sql: string) => Number((await query<{ n: string }>(sql))[0].n)
    const ticketSubjects = async (pattern: string) =>
      (await query<{ subject: string }>('SELECT subject FROM tickets WHERE subject LIKE $1', [pattern])).map((row) => row.subject)
    return {
      postgres,
      databaseUrl,
      env,
      instances: [first, ...others],
      student: { token: signedIn.token, id: signedIn.user.id },
      startInstance,
      count,
      ticketSubjects,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

export type Answer = { instance: number; at: number; kind: 'read' | 'write' | 'ticket'; status: number; message?: string; retryAfter?: string | null }

const messageOf = async (res: Response) => {
  try {
    const body = (await res.json()) as { errors?: { message?: string }[]; message?: string }
    return body.errors?.[0]?.message ?? body.message
  } catch {
    return undefined
  }
}

/**
 * Requests sent without pause by `workers` loops per instance, each in turn a signed-in read
 * (`GET /api/users/me`), a signed-in write (the student's theme) and an anonymous ticket. Every
 * answer is kept (status 0: no answer, the process gone or not listening); a ticket answered 201
 * is an acknowledged write, kept by its subject.
 */
export const startLoad = (deployment: Pick<Deployment, 'instances' | 'student'>, { workers = 2, label = randomBytes(4).toString('hex') } = {}) => {
  const answers: Answer[] = []
  const acknowledged: string[] = []
  let stopped = false
  let sent = 0
  const auth = bearer(deployment.student.token)
  const one = async (instance: number, step: number) => {
    const base = deployment.instances[instance].baseURL
    const kind = (['read', 'write', 'ticket'] as const)[step % 3]
    const subject = `load ${label} ${++sent}`
    const at = Date.now()
    try {
      const res =
        kind === 'read'
          ? await fetch(`${base}/api/users/me`, { headers: auth })
          : kind === 'write'
            ? await fetch(`${base}/api/users/${deployment.student.id}/theme`, {
                method: 'PUT',
                headers: { ...auth, 'content-type': 'application/json' },
                body: JSON.stringify({ mode: step % 2 ? 'night' : 'day' }),
              })
            : await fetch(`${base}/api/tickets`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({ type: 'contact', name: 'Load', email: 'load@example.org', subject, message: 'A write under load.' }),
              })
      const answer: Answer = { instance, at, kind, status: res.status, retryAfter: res.headers.get('retry-after') }
      if (res.status >= 400) answer.message = await messageOf(res)
      else await res.arrayBuffer()
      if (kind === 'ticket' && res.status === 201) acknowledged.push(subject)
      answers.push(answer)
    } catch {
      answers.push({ instance, at, kind, status: 0 })
      // Nothing listening: do not spin.
      await sleep(100)
    }
  }
  const loops = deployment.instances.flatMap((_, instance) =>
    Array.from({ length: workers }, async (_unused, worker) => {
      for (let step = worker; !stopped; step++) await one(instance, step)
    }),
  )
  return {
    answers,
    acknowledged,
    label,
    stop: async () => {
      stopped = true
      await Promise.all(loops)
    },
  }
}

/** Answers by status (as text, for a readable figure: `{ '200': 812, '503': 95 }`). */
export const byStatus = (answers: Answer[]) => {
  const counts: Record<string, number> = {}
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1
  return counts
}

/** Waits until `check` holds, asking every `everyMs`, for at most `withinMs` (a loaded machine is slow; this only bounds a hang). */
export const waitFor = async (check: () => Promise<boolean> | boolean, withinMs: number, what: string, everyMs = 100) => {
  const started = Date.now()
  for (;;) {
    if (await check()) return Date.now() - started
    if (Date.now() - started > withinMs) throw new Error(`Waited ${Math.round(withinMs / 1000)} s for ${what}`)
    await sleep(everyMs)
  }
}

/** Whether the instance answers a signed-in read with the account. */
export const serves = async (instance: ServerProcess, token: string) => {
  try {
    const res = await fetch(`${instance.baseURL}/api/users/me`, { headers: bearer(token) })
    return res.status === 200 && Boolean(((await res.json()) as { user?: unknown }).user)
  } catch {
    return false
  }
}

export const alive = (instance: ServerProcess) => instance.child.exitCode === null && instance.child.signalCode === null

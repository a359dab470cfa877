import pg from 'pg'

import { databaseKind, databaseUrl } from './databaseUrl'

/** Keys this process holds: a second caller here is refused as one in another process would be. */
const heldHere = new Set<string>()

/**
 * Runs `step` only if no other caller (in this process, or another process on PostgreSQL) holds the PostgreSQL advisory lock named `key`, on a
 * connection of its own (a dying process's session, and its lock, end with it). Answers `null`
 * when another holds it. SQLite is one process's file: the process's own lock is the whole lock.
 */
export const unlessLockedElsewhere = async <T>(key: string, step: () => Promise<T>): Promise<T | null> => {
  if (heldHere.has(key)) return null
  heldHere.add(key)
  try {
    return databaseKind() === 'postgres' ? await underPostgresLock(key, step) : await step()
  } finally {
    heldHere.delete(key)
  }
}

const underPostgresLock = async <T>(key: string, step: () => Promise<T>): Promise<T | null> => {
  const client = new pg.Client({ connectionString: databaseUrl() })
  client.on('error', () => undefined)
  await client.connect()
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [key])
    if (!rows[0].locked) return null
    return await step()
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** The callers waiting for, or holding, each key in this process, in turn. */
const queues = new Map<string, Promise<unknown>>()

/** Runs `step` once every earlier caller in this process with the same `key` has ended (failed or not). */
export const inProcessTurn = async <T>(key: string, step: () => Promise<T>): Promise<T> => {
  const previous = queues.get(key) ?? Promise.resolve()
  const run = previous.then(step, step)
  const settled = run.catch(() => undefined)
  queues.set(key, settled)
  try {
    return await run
  } finally {
    if (queues.get(key) === settled) queues.delete(key)
  }
}

/**
 * Runs `step` once no other caller holds `key`: callers in this process take turns, and on
 * PostgreSQL each turn also waits for the advisory lock, so instances of one deployment take turns
 * too. The lock lives on a connection of its own, so a dying process's lock ends with it.
 */
export const inTurn = <T>(key: string, step: () => Promise<T>): Promise<T> =>
  inProcessTurn(key, () => (databaseKind() === 'postgres' ? waitingForPostgresLock(key, step) : step()))

const waitingForPostgresLock = async <T>(key: string, step: () => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: databaseUrl() })
  client.on('error', () => undefined)
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [key])
    return await step()
  } finally {
    await client.end().catch(() => undefined)
  }
}

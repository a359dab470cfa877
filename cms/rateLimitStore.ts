import { createRequire } from 'node:module'
import path from 'node:path'

import { PostgresStore } from '@acpr/rate-limit-postgresql'
import type { Options, Store } from 'express-rate-limit'
import pg from 'pg'
import { migrate } from 'postgres-migrations'

import { databaseKind, databaseUrl } from './db'

/**
 * Rate-limit counters shared by every instance: on PostgreSQL they live in the database
 * (`@acpr/rate-limit-postgresql`, schema `rate_limit`); on SQLite (one process) in memory.
 *
 * The package's counting is used as is (its SQL functions, its `increment`/`decrement`/`resetKey`).
 * Two things are done differently from its constructor, which starts its schema migrations
 * without awaiting them and opens a pool per limiter: the migrations run once at boot, awaited,
 * under the boot lock (`prepareRateLimitStore`), so no request can arrive before the tables exist;
 * and every limiter of a process shares one small pool (`RATE_LIMIT_POOL_MAX`, default 4).
 */
const packageDir = path.dirname(createRequire(import.meta.url).resolve('@acpr/rate-limit-postgresql'))

let pool: pg.Pool | undefined
const sharedPool = () => {
  if (!pool) {
    pool = new pg.Pool({ connectionString: databaseUrl(), max: Number(process.env.RATE_LIMIT_POOL_MAX || 4) })
    // An idle client dropped by the server is replaced on the next query; nothing to do here.
    pool.on('error', () => undefined)
  }
  return pool
}

class SharedPoolPostgresStore implements Store {
  windowMs = 0
  readonly pool = sharedPool()
  constructor(readonly prefix: string) {}
  init(options: Options) {
    this.windowMs = options.windowMs
  }
  increment = PostgresStore.prototype.increment
  decrement = PostgresStore.prototype.decrement
  resetKey = PostgresStore.prototype.resetKey
}

/** A store for the limiter called `name` (unique per limiter: counters are kept per name), or memory. */
export const rateLimitStore = (name: string): Store | undefined => (databaseKind() === 'postgres' ? new SharedPoolPostgresStore(name) : undefined)

/** Creates or updates the `rate_limit` schema with the package's own migrations (PostgreSQL only). */
export const prepareRateLimitStore = async () => {
  if (databaseKind() !== 'postgres') return
  const client = new pg.Client({ connectionString: databaseUrl() })
  await client.connect()
  try {
    await migrate({ client }, path.join(packageDir, 'migrations'))
  } finally {
    await client.end()
  }
}

/** Ends the shared pool (graceful shutdown). */
export const closeRateLimitStore = async () => {
  await pool?.end()
  pool = undefined
}

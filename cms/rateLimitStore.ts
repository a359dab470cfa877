import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit'
import pg from 'pg'
import { RateLimiterPostgres } from 'rate-limiter-flexible'

import { databaseKind, databaseUrl } from './db'
import { keptConnections, logDroppedConnections, openConnections } from './postgresConnections'

/**
 * Rate-limit counters shared by every instance: on PostgreSQL they live in the database
 * (`rate-limiter-flexible`'s PostgreSQL limiter, one table for every limiter, a key per limiter
 * and client); on SQLite (one process) in memory.
 *
 * The counting is the library's: one upsert per hit that locks only that key's row, and starts a
 * new window when the old one has expired. (The store used before, `@acpr/rate-limit-postgresql`,
 * took a lock on its whole sessions table for every hit of every limiter: a class logging in at
 * once from one school address queued on it across all instances.) express-rate-limit keeps the
 * limits, the headers and the answer; this adapter only counts. The table is made once at boot,
 * under the boot lock (`prepareRateLimitStore`), so no request can arrive before it exists, and
 * every limiter of a process shares one small pool (`RATE_LIMIT_POOL_MAX`, default 4).
 */
const tableName = 'civics360_rate_limits'

let pool: pg.Pool | undefined
const sharedPool = () => {
  if (!pool) {
    pool = new pg.Pool({ connectionString: databaseUrl(), max: Number(process.env.RATE_LIMIT_POOL_MAX || 4), ...keptConnections })
    // An idle client dropped by the server is replaced on the next query; nothing to do here.
    logDroppedConnections(pool, () => undefined)
  }
  return pool
}

/** The library's limiter for one of ours; `points` is not used (express-rate-limit decides). */
const counter = (prefix: string, windowMs: number) =>
  new RateLimiterPostgres({
    storeClient: sharedPool(),
    storeType: 'pool',
    tableName,
    tableCreated: true,
    keyPrefix: prefix,
    points: 1,
    duration: windowMs / 1000,
  })

class PostgresCounterStore implements Store {
  private counting: RateLimiterPostgres | undefined
  constructor(readonly prefix: string) {}
  init(options: Options) {
    this.counting = counter(this.prefix, options.windowMs)
  }
  private get limiter() {
    if (!this.counting) throw new Error(`Rate limiter ${this.prefix} used before express-rate-limit initialised it`)
    return this.counting
  }
  async increment(key: string): Promise<ClientRateLimitInfo> {
    // `penalty` adds a hit without refusing: express-rate-limit compares the count with the limit.
    const counted = await this.limiter.penalty(key, 1)
    return { totalHits: counted.consumedPoints, resetTime: new Date(Date.now() + counted.msBeforeNext) }
  }
  async decrement(key: string) {
    await this.limiter.reward(key, 1)
  }
  async resetKey(key: string) {
    await this.limiter.delete(key)
  }
}

/** A store for the limiter called `name` (unique per limiter: counters are kept per name), or memory. */
export const rateLimitStore = (name: string): Store | undefined => (databaseKind() === 'postgres' ? new PostgresCounterStore(name) : undefined)

/** Creates the counters' table with the library's own statement (PostgreSQL only). */
export const prepareRateLimitStore = async () => {
  if (databaseKind() !== 'postgres') return
  await new Promise<void>((resolve, reject) => {
    const options = { storeClient: sharedPool(), storeType: 'pool', tableName, points: 1, duration: 1, clearExpiredByTimeout: false }
    new RateLimiterPostgres(options, (err?: Error) => (err ? reject(err) : resolve()))
  })
}

/** Opens the shared pool's connections ahead of the first request (cms/postgresConnections.ts). */
export const openRateLimitConnections = (warn: (message: string) => void) => openConnections(sharedPool(), warn)

/** Ends the shared pool (graceful shutdown). */
export const closeRateLimitStore = async () => {
  await pool?.end()
  pool = undefined
}

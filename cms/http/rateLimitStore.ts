import { createHash } from 'node:crypto'

import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit'
import pg from 'pg'
import { RateLimiterPostgres } from 'rate-limiter-flexible'

import { databaseKind, databaseUrl } from '../database/databaseUrl'
import { keptConnections, logDroppedConnections, openConnections } from '../database/postgresConnections'

/**
 * Rate-limit counters shared by every instance: on PostgreSQL they live in the database (one table
 * for every limiter, `rate-limiter-flexible`'s, a row per limiter and client); on SQLite (one
 * process) in memory.
 *
 * A hit is counted by an upsert that starts a new window when the row's has expired, as
 * `rate-limiter-flexible` counts; express-rate-limit keeps the limits, the headers and the answer.
 * The hits that arrive together are counted by one statement: a class logging in at once made two
 * upserts a login, 200 of them on the same row (the school's address), each instance's waiting on
 * the others' locks. Each hit still has its own count before its request goes on: the
 * statement adds a key's hits and answers the total, and the batch hands them out in arrival order.
 * The table is made once at boot, under the boot lock (`prepareRateLimitStore`), so no request can
 * arrive before it exists, and every limiter of a process shares one small pool
 * (`RATE_LIMIT_POOL_MAX`, default 4).
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

/** A key the table stores as it is: printable ASCII (no NUL, which PostgreSQL's text refuses) within its varchar(255). */
const storableKey = /^[\x20-\x7e]{1,255}$/

/**
 * The row's key: the limiter's name and the client's key, or its digest when the client's key is
 * long or unusual (a username is the sender's choice). One unstorable key would fail the statement
 * for every hit counted with it.
 */
const storedKey = (prefix: string, key: string) => {
  const full = `${prefix}:${key}`
  return storableKey.test(full) ? full : `${prefix}:sha256:${createHash('sha256').update(key).digest('hex')}`
}

/**
 * Adds each key's hits, in a new window where the row's has expired, and answers the totals.
 * Keys come sorted, so two instances' batches lock shared rows in the same order (no deadlock).
 */
const countStatement = {
  name: 'civics360_rate_limits_count',
  text: `INSERT INTO ${tableName} AS counter (key, points, expire)
    SELECT * FROM unnest($1::varchar[], $2::integer[], $3::bigint[])
    ON CONFLICT (key) DO UPDATE SET
      points = CASE WHEN counter.expire <= $4 THEN excluded.points ELSE counter.points + excluded.points END,
      expire = CASE WHEN counter.expire <= $4 THEN excluded.expire ELSE counter.expire END
    RETURNING key, points, expire`,
}

type Hit = { key: string; windowMs: number; counted: (info: ClientRateLimitInfo) => void; failed: (error: unknown) => void }

/** The hits waiting for the next statement; one statement runs at a time, and the hits that arrive meanwhile wait for the next. */
let waiting: Hit[] = []
let counting = false

const countTogether = async (hits: Hit[]) => {
  const byKey = new Map<string, Hit[]>()
  for (const hit of hits) {
    const keyHits = byKey.get(hit.key)
    if (keyHits) keyHits.push(hit)
    else byKey.set(hit.key, [hit])
  }
  const keys = [...byKey.keys()].sort()
  const now = Date.now()
  try {
    const { rows } = await sharedPool().query<{ key: string; points: number; expire: string }>({
      ...countStatement,
      values: [keys, keys.map((key) => byKey.get(key)!.length), keys.map((key) => now + byKey.get(key)![0].windowMs), now],
    })
    for (const row of rows) {
      const keyHits = byKey.get(row.key)!
      const resetTime = new Date(Number(row.expire))
      keyHits.forEach((hit, index) => hit.counted({ totalHits: row.points - keyHits.length + 1 + index, resetTime }))
      byKey.delete(row.key)
    }
    // Every key answers a row; should one not, its hits fail rather than wait forever.
    for (const [key, keyHits] of byKey) for (const hit of keyHits) hit.failed(new Error(`The rate-limit counter ${key} was not counted`))
  } catch (error) {
    for (const hit of hits) hit.failed(error)
  }
}

const countWaiting = async () => {
  counting = true
  while (waiting.length) {
    const hits = waiting
    waiting = []
    await countTogether(hits)
  }
  counting = false
}

/** Counts one hit with the others of this moment (see above). */
const countHit = (key: string, windowMs: number) =>
  new Promise<ClientRateLimitInfo>((counted, failed) => {
    waiting.push({ key, windowMs, counted, failed })
    // The requests read in this turn of the event loop join the first statement.
    if (!counting && waiting.length === 1) setImmediate(countWaiting)
  })

class PostgresCounterStore implements Store {
  private windowMs = 0
  constructor(readonly prefix: string) {}
  init(options: Options) {
    this.windowMs = options.windowMs
  }
  increment(key: string) {
    return countHit(storedKey(this.prefix, key), this.windowMs)
  }
  async decrement(key: string) {
    await sharedPool().query(`UPDATE ${tableName} SET points = points - 1 WHERE key = $1 AND expire > $2 AND points > 0`, [
      storedKey(this.prefix, key),
      Date.now(),
    ])
  }
  async resetKey(key: string) {
    await sharedPool().query(`DELETE FROM ${tableName} WHERE key = $1`, [storedKey(this.prefix, key)])
  }
}

/** A store for the limiter called `name` (unique per limiter: counters are kept per name), or memory. */
export const rateLimitStore = (name: string): Store | undefined => (databaseKind() === 'postgres' ? new PostgresCounterStore(name) : undefined)

/**
 * Creates the counters' table with the library's own statement (PostgreSQL only), and keeps the
 * library's timer (every five minutes, unref'd) that deletes the rows whose window ended over an
 * hour ago.
 */
export const prepareRateLimitStore = async () => {
  if (databaseKind() !== 'postgres') return
  await new Promise<void>((resolve, reject) => {
    const options = { storeClient: sharedPool(), storeType: 'pool', tableName, points: 1, duration: 1, clearExpiredByTimeout: true }
    new RateLimiterPostgres(options, (err?: Error) => (err ? reject(err) : resolve()))
  })
}

/** Opens the shared pool's connections ahead of the first request (cms/database/postgresConnections.ts). */
export const openRateLimitConnections = (warn: (message: string) => void) => openConnections(sharedPool(), warn)

/** Ends the shared pool (graceful shutdown). */
export const closeRateLimitStore = async () => {
  await pool?.end()
  pool = undefined
}

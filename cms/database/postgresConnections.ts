import type { Payload } from 'payload'
import pg from 'pg'

/**
 * How every pool of ours keeps its PostgreSQL connections (Payload's, the rate limits', the change
 * signal's versions): opened at start (`openConnections`) and open until the process ends.
 *
 * node-postgres closes a connection idle for 10 s by default, so a class arriving after a quiet
 * minute met new connections, each a new PostgreSQL process with empty caches that plans every
 * named statement five times before settling on a generic plan: a class meeting new connections
 * costs PostgreSQL about twice the CPU a login of one meeting open ones. Sizes: `DATABASE_POOL_MAX`,
 * `RATE_LIMIT_POOL_MAX`, and 3 for the versions, a process (docs/deploy.md counts them).
 */
export const keptConnections = { idleTimeoutMillis: 0 } as const

/**
 * A connection that PostgreSQL ends (a restart, a failover, an administrator, a server-side idle
 * timeout) is an `error` event on it. node-postgres passes the event to the pool only while the
 * connection sits idle in it: one checked out (a transaction between its statements, a query under
 * way) has no listener of the pool's, and an `error` event with no listener ends the whole process.
 * So every connection gets its own listener as the pool opens it, for its whole life; the query
 * in flight fails with the error (the request answers 503, cms/database/databaseErrors.ts) and the pool
 * drops the broken connection when it is released. One line says so (the error carries the whole
 * client, which a logger would print).
 */
export const logDroppedConnections = (pool: pg.Pool, warn: (message: string) => void) => {
  pool.on('connect', (client) => {
    client.on('error', (err) => warn(`PostgreSQL ended a pooled connection (${err.message}); the next query opens another`))
  })
  // The pool passes an idle connection's error on, after the connection's own listener has said it.
  pool.on('error', () => undefined)
}

/** Where the pools made by `pgWithListeningPools` say a dropped connection: the console until Payload's logger is up. */
let droppedConnectionWarn: (message: string) => void = (message) => console.warn(message)
export const sayDroppedConnectionsWith = (warn: (message: string) => void) => {
  droppedConnectionWarn = warn
}

/**
 * node-postgres as Payload's adapter gets it (its `pg` option): the same module, with a pool that
 * listens on each of its connections from the first, made while Payload connects and migrates.
 */
export const pgWithListeningPools = (): typeof pg => {
  class ListeningPool extends pg.Pool {
    constructor(options?: pg.PoolConfig) {
      super(options)
      logDroppedConnections(this, (message) => droppedConnectionWarn(message))
    }
  }
  return { ...pg, Pool: ListeningPool }
}

/** Payload's pool (on PostgreSQL), made by its adapter, which listens on the one connection it holds but not on the pool. */
export const payloadPool = (payload: Payload) => (payload.db as unknown as { pool?: pg.Pool }).pool

/**
 * Opens a pool's connections up to its size before the first request needs them: each costs both
 * processes a SCRAM exchange and PostgreSQL a new server process, which a class's first logins
 * would otherwise pay in the middle of their rush. Ahead of need only: a connection PostgreSQL
 * refuses (its `max_connections` reached, say) is said once, and the pool opens it when a request
 * needs it, as it did before.
 */
export const openConnections = async (pool: pg.Pool, warn: (message: string) => void) => {
  const refused = await fillPool(pool)
  if (refused) warn(`PostgreSQL refused a connection opened ahead of need (${String(refused)}); the pool opens it when a request needs it`)
}

/**
 * Opens whatever the pool lacks of its size, and answers the reason PostgreSQL refused one (its
 * `max_connections` reached, say, or the server gone), or undefined when the pool is whole. A
 * pool that is whole asks nothing: its connections stay open (`keptConnections`).
 */
export const fillPool = async (pool: pg.Pool): Promise<unknown> => {
  if (pool.totalCount >= (pool.options.max ?? 0)) return undefined
  // node-postgres sets `max` when it makes the pool; the connections out on a request stay out.
  const free = (pool.options.max ?? 0) - pool.totalCount + pool.idleCount
  const opened = await Promise.allSettled(Array.from({ length: free }, () => pool.connect()))
  for (const result of opened) if (result.status === 'fulfilled') result.value.release()
  const refused = opened.find((result) => result.status === 'rejected')
  return refused?.reason
}

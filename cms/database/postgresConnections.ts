import type { Payload } from 'payload'
import type pg from 'pg'

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
 * An open connection that PostgreSQL ends (a restart, a failover, an administrator, a server-side
 * idle timeout) is an `error` event on its pool; without a listener it ended the whole process.
 * The pool drops that connection and opens another for the next query; this only says so, in one
 * line (the error carries the whole client, which a logger would print).
 */
export const logDroppedConnections = (pool: pg.Pool, warn: (message: string) => void) => {
  pool.on('error', (err) => warn(`PostgreSQL ended a pooled connection (${err.message}); the next query opens another`))
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
  // node-postgres sets `max` when it makes the pool; the connections out on a request stay out.
  const free = (pool.options.max ?? 0) - pool.totalCount + pool.idleCount
  const opened = await Promise.allSettled(Array.from({ length: free }, () => pool.connect()))
  for (const result of opened) if (result.status === 'fulfilled') result.value.release()
  const refused = opened.find((result) => result.status === 'rejected')
  if (refused) warn(`PostgreSQL refused a connection opened ahead of need (${String(refused.reason)}); the pool opens it when a request needs it`)
}

import pg from 'pg'

import { isDatabaseUnreachable } from './databaseErrors'
import { databaseKind, databaseUrl } from './databaseUrl'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The first words that say what went wrong: an AggregateError (several addresses refused) has no message of its own. */
export const reasonOf = (error: unknown): string => {
  const { message, code, errors } = (error ?? {}) as { message?: string; code?: string; errors?: unknown[] }
  if (message) return message.split('\n')[0]
  if (Array.isArray(errors) && errors.length) return reasonOf(errors[0])
  return code ?? String(error)
}

/** Where the database is, for a log line: host and port of DATABASE_URL, never its password. */
const where = () => {
  try {
    const url = new URL(databaseUrl())
    return `PostgreSQL at ${url.hostname}:${url.port || 5432}`
  } catch {
    return 'PostgreSQL'
  }
}

/**
 * Runs `step` until it ends without the database being unreachable (refused, cut, starting up,
 * out of connections), waiting 1, 2, 4, then every 10 s in between with one line each time. Any
 * other error ends the start as before. An instance started before its database, or while it
 * restarts, comes up when the database does: a service manager restarting a process that exited
 * would find the same database.
 */
export const untilDatabaseAnswers = async <T>(what: string, step: () => Promise<T>, log: (message: string) => void): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step()
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error
      const seconds = Math.min(2 ** (attempt - 1), 10)
      log(
        `${where()} cannot be reached while ${what} (${reasonOf(error)}); trying again in ${seconds} s (attempt ${attempt}). Is PostgreSQL running, and DATABASE_URL right?`,
      )
      await sleep(seconds * 1000)
    }
  }
}

/**
 * Connections each instance keeps (docs/deploy.md, "Connections"): the two pools, the change
 * signal's listener and its three version readers. The boot lock's one is held while it boots only.
 */
export const connectionsPerInstance = () => Number(process.env.DATABASE_POOL_MAX || 10) + Number(process.env.RATE_LIMIT_POOL_MAX || 4) + 1 + 3

/**
 * On PostgreSQL: waits until the database answers (`untilDatabaseAnswers`), then says in one line
 * how many connections this instance keeps against what the server allows, so an operator adding
 * instances can see the room left before PostgreSQL refuses them.
 */
export const waitForDatabase = async (log: (message: string) => void, warn: (message: string) => void) => {
  if (databaseKind() !== 'postgres') return
  const settings = await untilDatabaseAnswers(
    'starting',
    async () => {
      const client = new pg.Client({ connectionString: databaseUrl(), connectionTimeoutMillis: 10_000 })
      client.on('error', () => undefined)
      try {
        await client.connect()
        const { rows } = await client.query<{ max: string; reserved: string }>(
          "SELECT current_setting('max_connections') AS max, current_setting('superuser_reserved_connections') AS reserved",
        )
        return { max: Number(rows[0].max), reserved: Number(rows[0].reserved) }
      } finally {
        await client.end().catch(() => undefined)
      }
    },
    log,
  )
  const room = settings.max - settings.reserved
  const kept = connectionsPerInstance()
  const line = `PostgreSQL allows ${room} connections (max_connections ${settings.max} − ${settings.reserved} reserved); each instance keeps ${kept} (DATABASE_POOL_MAX + RATE_LIMIT_POOL_MAX + 4), so ${Math.floor(room / kept)} instances fit.`
  if (room < kept) warn(`${line} This one does not: lower DATABASE_POOL_MAX or raise max_connections (docs/deploy.md).`)
  else log(line)
}

import pg from 'pg'

import { databaseKind, databaseUrl } from './db'

/**
 * Runs `step` only if no other process holds the PostgreSQL advisory lock named `key`, on a
 * connection of its own (a dying process's session, and its lock, end with it). Answers `null`
 * when another instance holds it. SQLite is one process's file: the step just runs.
 */
export const unlessLockedElsewhere = async <T>(key: string, step: () => Promise<T>): Promise<T | null> => {
  if (databaseKind() !== 'postgres') return step()
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

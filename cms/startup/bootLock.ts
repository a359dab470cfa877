import pg from 'pg'

import { databaseKind, databaseUrl } from '../database/databaseUrl'

/** Every instance on one database uses this key, so one of them at a time migrates and seeds. */
const lockKey = 'civics360:boot'

/**
 * Runs `step` while holding a PostgreSQL advisory lock, so instances started at the same moment
 * migrate and seed one after the other: the first does the work, the others find it done.
 * The lock is held by a connection of its own; if the process dies the server drops the session
 * and the lock with it. SQLite is one process's file and MongoDB has no migrations: no lock.
 */
export const withBootLock = async <T>(step: () => Promise<T>, log: (message: string) => void): Promise<T> => {
  if (databaseKind() !== 'postgres') return step()
  const client = new pg.Client({ connectionString: databaseUrl() })
  // PostgreSQL ending this session (a restart while an instance boots) fails the step in progress,
  // which the boot tries again (cms/database/databaseWait.ts); unheard, the event would end the process.
  client.on('error', () => undefined)
  await client.connect()
  try {
    const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS locked', [lockKey])
    if (!rows[0].locked) {
      log('Another instance is migrating or seeding the database; waiting for it…')
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey])
    }
    return await step()
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => undefined)
  }
}

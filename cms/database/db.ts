import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { mongooseAdapter } from '@payloadcms/db-mongodb'
import { postgresAdapter } from '@payloadcms/db-postgres'
import { sqliteAdapter } from '@payloadcms/db-sqlite'

import { keepBuiltRelationalQueries } from './builtQueries'
import { keepingCommitFailures } from './commitFailures'
import { dataDir } from '../config/paths'
import { createDatabaseWanted, databaseKind, databaseUrl } from './databaseUrl'
import { keptConnections, pgWithListeningPools } from './postgresConnections'

/** The SQLite file: DATABASE_URL=file:… if given, else data/civics.db. */
export const sqliteUrl = (url = databaseUrl()) => {
  if (url.startsWith('file:')) return url
  fs.mkdirSync(dataDir, { recursive: true })
  return `file:${path.join(dataDir, 'civics.db')}`
}

/**
 * Chosen by DATABASE_URL (see DESIGN.md). Schemas are never pushed: each SQL adapter has its own
 * migrations, run by `boot()` on start (under a lock when instances share PostgreSQL, so not by
 * the adapter's `prodMigrations`, which would run them unlocked inside `getPayload`) and by
 * `npm run migrate`.
 */
const here = path.dirname(fileURLToPath(import.meta.url))

export const databaseAdapter = () => {
  const kind = databaseKind()
  if (kind === 'postgres') {
    keepBuiltRelationalQueries()
    return keepingCommitFailures(
      postgresAdapter({
        pool: { connectionString: databaseUrl(), max: Number(process.env.DATABASE_POOL_MAX || 10), ...keptConnections },
        // The root's node-postgres: its types are another copy's than the adapter's.
        pg: pgWithListeningPools() as unknown as Parameters<typeof postgresAdapter>[0]['pg'],
        push: false,
        // A missing database is a misspelled name until the operator says otherwise (cms/startup/operatorSettings.ts).
        disableCreateDatabase: !createDatabaseWanted(),
        migrationDir: path.join(here, 'migrations/postgres'),
      }),
    )
  }
  if (kind === 'mongodb') {
    return mongooseAdapter({ url: databaseUrl() })
  }
  keepBuiltRelationalQueries()
  return sqliteAdapter({
    client: { url: sqliteUrl() },
    wal: { synchronous: 'NORMAL' },
    // AUTOINCREMENT: an id once used is never given again, so nothing that still names a deleted
    // row (a launch token, a link, a log line) can ever point at a newer one.
    autoIncrement: true,
    push: false,
    migrationDir: path.join(here, 'migrations/sqlite'),
  })
}

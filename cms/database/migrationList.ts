import type { Payload } from 'payload'

import { databaseKind } from './databaseUrl'
import { migrations as postgresMigrations } from './migrations/postgres'
import { migrations as sqliteMigrations } from './migrations/sqlite'

type Migrations = NonNullable<NonNullable<Parameters<Payload['db']['migrate']>[0]>['migrations']>

/** The migrations of the configured SQL adapter (MongoDB has none). */
export const knownMigrations = (): Migrations => {
  const kind = databaseKind()
  if (kind === 'mongodb') return []
  return (kind === 'postgres' ? postgresMigrations : sqliteMigrations) as unknown as Migrations
}

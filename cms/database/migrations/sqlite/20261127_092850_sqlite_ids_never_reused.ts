import { MigrateUpArgs, MigrateDownArgs } from '@payloadcms/db-sqlite'

import { setAutoIncrement } from '../../sqliteAutoIncrement'

/**
 * Ids are never given again once used (the adapter's `autoIncrement`): every table with an integer
 * id is rebuilt with AUTOINCREMENT. The statements `migrate:create` wrote for this drop tables while
 * foreign keys are on, which deletes or breaks the rows that reference them; see cms/database/sqliteAutoIncrement.ts.
 */
const tables = [
  'topics',
  'modules',
  'activities',
  'pages',
  'posts',
  'media',
  'users_scopes',
  'users_attributes_grades',
  'users_attributes_subjects',
  'users',
  'schools',
  'classrooms',
  'tickets',
  'countries',
  'attempts',
  'payload_kv',
  'payload_locked_documents',
  'payload_preferences',
  'payload_migrations',
] as const

export async function up({ db }: MigrateUpArgs): Promise<void> {
  await setAutoIncrement(db as never, tables, true)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await setAutoIncrement(db as never, tables, false)
}

import { sql } from '@payloadcms/db-sqlite'

/**
 * Turns SQLite's `id integer PRIMARY KEY` into `id integer PRIMARY KEY AUTOINCREMENT` (or back) on
 * existing tables, keeping every row, index and reference.
 *
 * SQLite can only do this by rebuilding each table (create a copy, move the rows, drop the original,
 * rename the copy). Dropping a table that others reference runs their ON DELETE actions (cascade
 * deletes of locales, sessions and relations; "set null" on NOT NULL columns fails) unless foreign
 * keys are off. The statements `migrate:create` writes turn them back on after the first table, and
 * SQLite ignores `PRAGMA foreign_keys` inside a transaction (payloadcms/payload#16644). So the
 * rebuild turns foreign keys off, makes sure they are (it refuses to run inside a transaction), runs
 * in one transaction of its own, and checks every reference before committing.
 *
 * Each table is rebuilt from its own stored definition, so columns added by any other migration,
 * before or after this one is written, are kept as they are. A table already in the wanted form is
 * left alone, so running it again changes nothing.
 */
type Runner = { run: (query: ReturnType<typeof sql.raw>) => Promise<unknown>; all: <T>(query: ReturnType<typeof sql.raw>) => Promise<T[]> }

const plainId = '`id` integer PRIMARY KEY NOT NULL'
const autoId = '`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL'

const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``

const rebuild = async (db: Runner, table: string, autoIncrement: boolean) => {
  const [found] = await db.all<{ sql: string }>(sql.raw(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '${table.replace(/'/g, "''")}'`))
  if (!found) return
  const [from, to] = autoIncrement ? [plainId, autoId] : [autoId, plainId]
  if (!found.sql.includes(from)) return
  const copy = `__new_${table}`
  const definition = found.sql.replace(from, to).replace(/^CREATE TABLE\s+(`[^`]+`|"[^"]+"|\S+)/, `CREATE TABLE ${quote(copy)}`)
  const indexes = await db.all<{ sql: string }>(
    sql.raw(`SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = '${table.replace(/'/g, "''")}' AND sql IS NOT NULL`),
  )
  await db.run(sql.raw(definition))
  // The copy's definition is the original's, so its columns come in the same order.
  await db.run(sql.raw(`INSERT INTO ${quote(copy)} SELECT * FROM ${quote(table)}`))
  await db.run(sql.raw(`DROP TABLE ${quote(table)}`))
  await db.run(sql.raw(`ALTER TABLE ${quote(copy)} RENAME TO ${quote(table)}`))
  for (const index of indexes) await db.run(sql.raw(index.sql))
}

export const setAutoIncrement = async (db: Runner, tables: readonly string[], autoIncrement: boolean) => {
  await db.run(sql.raw('PRAGMA foreign_keys = OFF'))
  try {
    const [state] = await db.all<{ foreign_keys: number }>(sql.raw('PRAGMA foreign_keys'))
    if (state?.foreign_keys !== 0) throw new Error('The tables cannot be rebuilt inside a transaction: SQLite keeps foreign keys on there.')
    await db.run(sql.raw('BEGIN IMMEDIATE'))
    try {
      for (const table of tables) await rebuild(db, table, autoIncrement)
      const broken = await db.all<{ table: string; parent: string }>(sql.raw('PRAGMA foreign_key_check'))
      if (broken.length)
        throw new Error(`Rebuilding the tables would leave ${broken.length} broken reference(s), e.g. ${broken[0].table} → ${broken[0].parent}.`)
      await db.run(sql.raw('COMMIT'))
    } catch (error) {
      await db.run(sql.raw('ROLLBACK'))
      throw error
    }
  } finally {
    await db.run(sql.raw('PRAGMA foreign_keys = ON'))
  }
}

// Migrates the database DATABASE_URL names and exits: the template every API test file's database
// is copied from (tests/helpers/templateDatabase.ts). Run in a process of its own (node --import tsx),
// because the config reads the environment when it is imported.
import { getPayload } from 'payload'

const { migrate, config } = await import('@cms/startup/boot')
const payload = await getPayload({ config })
await migrate(payload)
const sqliteCopy = process.env.TEMPLATE_SQLITE_COPY
if (sqliteCopy) {
  // One file without its write-ahead log, whatever the adapter left unmerged.
  const { sql } = await import('@payloadcms/db-sqlite')
  const drizzle = (payload.db as unknown as { drizzle: { run: (query: unknown) => Promise<unknown> } }).drizzle
  await drizzle.run(sql.raw(`VACUUM INTO '${sqliteCopy.replaceAll("'", "''")}'`))
}
await payload.destroy()
process.exit(0)

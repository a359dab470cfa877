import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`classrooms\` ADD \`archived_at\` text;`)
  await db.run(sql`CREATE INDEX \`classrooms_archived_at_idx\` ON \`classrooms\` (\`archived_at\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`classrooms_archived_at_idx\`;`)
  await db.run(sql`ALTER TABLE \`classrooms\` DROP COLUMN \`archived_at\`;`)
}

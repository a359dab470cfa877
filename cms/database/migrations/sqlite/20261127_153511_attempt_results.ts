import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`attempts\` ADD \`session_resume_saved_at\` text;`)
  await db.run(sql`ALTER TABLE \`attempts\` ADD \`statements_received\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`attempts\` DROP COLUMN \`session_resume_saved_at\`;`)
  await db.run(sql`ALTER TABLE \`attempts\` DROP COLUMN \`statements_received\`;`)
}

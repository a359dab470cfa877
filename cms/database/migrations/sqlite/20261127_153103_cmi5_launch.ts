import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`activities\` ADD \`storyline_cmi5\` text;`)
  await db.run(sql`ALTER TABLE \`attempts\` ADD \`cmi5\` text;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`activities\` DROP COLUMN \`storyline_cmi5\`;`)
  await db.run(sql`ALTER TABLE \`attempts\` DROP COLUMN \`cmi5\`;`)
}

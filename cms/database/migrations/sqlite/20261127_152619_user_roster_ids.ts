import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`users\` ADD \`roster_district\` text;`)
  await db.run(sql`ALTER TABLE \`users\` ADD \`roster_sourced_id\` text;`)
  await db.run(sql`CREATE INDEX \`users_roster_roster_district_idx\` ON \`users\` (\`roster_district\`);`)
  await db.run(sql`CREATE INDEX \`users_roster_roster_sourced_id_idx\` ON \`users\` (\`roster_sourced_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`users_roster_roster_district_idx\`;`)
  await db.run(sql`DROP INDEX \`users_roster_roster_sourced_id_idx\`;`)
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`roster_district\`;`)
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`roster_sourced_id\`;`)
}

import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`users\` ADD \`email_verified\` integer DEFAULT false;`)
  await db.run(sql`ALTER TABLE \`users\` ADD \`email_verification_token_hash\` text;`)
  await db.run(sql`ALTER TABLE \`users\` ADD \`email_verification_expires\` text;`)
  await db.run(sql`CREATE INDEX \`users_email_verification_email_verification_token_hash_idx\` ON \`users\` (\`email_verification_token_hash\`);`)
  // Accounts made by social sign-in got their email from a provider that vouched for it.
  await db.run(sql`UPDATE \`users\` SET \`email_verified\` = 1 WHERE \`has_password\` = 0 AND \`email\` IS NOT NULL;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP INDEX \`users_email_verification_email_verification_token_hash_idx\`;`)
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`email_verified\`;`)
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`email_verification_token_hash\`;`)
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`email_verification_expires\`;`)
}

import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

// An image's description becomes one per language; the descriptions written so far are the English ones.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`media_locales\` (
  	\`alt\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`media_locales_locale_parent_id_unique\` ON \`media_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`INSERT INTO \`media_locales\` (\`alt\`, \`_locale\`, \`_parent_id\`) SELECT \`alt\`, 'en', \`id\` FROM \`media\`;`)
  await db.run(sql`ALTER TABLE \`media\` DROP COLUMN \`alt\`;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.run(sql`ALTER TABLE \`media\` ADD \`alt\` text;`)
  await db.run(
    sql`UPDATE \`media\` SET \`alt\` = (SELECT \`alt\` FROM \`media_locales\` WHERE \`_parent_id\` = \`media\`.\`id\` AND \`_locale\` = 'en');`,
  )
  await db.run(sql`DROP TABLE \`media_locales\`;`)
}

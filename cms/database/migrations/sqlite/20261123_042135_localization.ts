import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

import { keepEnglishContentStatements } from '../../keepEnglishContent'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`topics_locales\` (
  	\`title\` text,
  	\`body\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`topics\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`topics_locales_locale_parent_id_unique\` ON \`topics_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`modules_locales\` (
  	\`title\` text,
  	\`subtitle\` text,
  	\`body\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`modules\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`modules_locales_locale_parent_id_unique\` ON \`modules_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`activities_links_locales\` (
  	\`text\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`activities_links\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`activities_links_locales_locale_parent_id_unique\` ON \`activities_links_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`activities_readings_files_locales\` (
  	\`text\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`activities_readings_files\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`activities_readings_files_locales_locale_parent_id_unique\` ON \`activities_readings_files_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`activities_readings_locales\` (
  	\`text\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` text NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`activities_readings\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`activities_readings_locales_locale_parent_id_unique\` ON \`activities_readings_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`activities_locales\` (
  	\`title\` text,
  	\`body\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`activities\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`activities_locales_locale_parent_id_unique\` ON \`activities_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`pages_locales\` (
  	\`title\` text,
  	\`body\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`pages_locales_locale_parent_id_unique\` ON \`pages_locales\` (\`_locale\`,\`_parent_id\`);`)
  await db.run(sql`CREATE TABLE \`posts_locales\` (
  	\`title\` text,
  	\`body\` text,
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`_locale\` text NOT NULL,
  	\`_parent_id\` integer NOT NULL,
  	FOREIGN KEY (\`_parent_id\`) REFERENCES \`posts\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`CREATE UNIQUE INDEX \`posts_locales_locale_parent_id_unique\` ON \`posts_locales\` (\`_locale\`,\`_parent_id\`);`)
  // Custom step (not generated): copy the existing values into the 'en' rows before the columns are dropped.
  for (const statement of keepEnglishContentStatements) await db.run(sql.raw(statement))
  await db.run(sql`ALTER TABLE \`topics\` ADD \`translated_locales\` text;`)
  await db.run(sql`ALTER TABLE \`topics\` DROP COLUMN \`title\`;`)
  await db.run(sql`ALTER TABLE \`topics\` DROP COLUMN \`body\`;`)
  await db.run(sql`ALTER TABLE \`modules\` ADD \`translated_locales\` text;`)
  await db.run(sql`ALTER TABLE \`modules\` DROP COLUMN \`title\`;`)
  await db.run(sql`ALTER TABLE \`modules\` DROP COLUMN \`subtitle\`;`)
  await db.run(sql`ALTER TABLE \`modules\` DROP COLUMN \`body\`;`)
  await db.run(sql`ALTER TABLE \`activities\` ADD \`translated_locales\` text;`)
  await db.run(sql`ALTER TABLE \`activities\` DROP COLUMN \`title\`;`)
  await db.run(sql`ALTER TABLE \`activities\` DROP COLUMN \`body\`;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`translated_locales\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`title\`;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`body\`;`)
  await db.run(sql`ALTER TABLE \`posts\` ADD \`translated_locales\` text;`)
  await db.run(sql`ALTER TABLE \`posts\` DROP COLUMN \`title\`;`)
  await db.run(sql`ALTER TABLE \`posts\` DROP COLUMN \`body\`;`)
  await db.run(sql`ALTER TABLE \`users\` ADD \`language\` text;`)
  await db.run(sql`ALTER TABLE \`activities_links\` DROP COLUMN \`text\`;`)
  await db.run(sql`ALTER TABLE \`activities_readings_files\` DROP COLUMN \`text\`;`)
  await db.run(sql`ALTER TABLE \`activities_readings\` DROP COLUMN \`text\`;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`topics_locales\`;`)
  await db.run(sql`DROP TABLE \`modules_locales\`;`)
  await db.run(sql`DROP TABLE \`activities_links_locales\`;`)
  await db.run(sql`DROP TABLE \`activities_readings_files_locales\`;`)
  await db.run(sql`DROP TABLE \`activities_readings_locales\`;`)
  await db.run(sql`DROP TABLE \`activities_locales\`;`)
  await db.run(sql`DROP TABLE \`pages_locales\`;`)
  await db.run(sql`DROP TABLE \`posts_locales\`;`)
  await db.run(sql`ALTER TABLE \`topics\` ADD \`title\` text NOT NULL;`)
  await db.run(sql`ALTER TABLE \`topics\` ADD \`body\` text NOT NULL;`)
  await db.run(sql`ALTER TABLE \`topics\` DROP COLUMN \`translated_locales\`;`)
  await db.run(sql`ALTER TABLE \`modules\` ADD \`title\` text NOT NULL;`)
  await db.run(sql`ALTER TABLE \`modules\` ADD \`subtitle\` text;`)
  await db.run(sql`ALTER TABLE \`modules\` ADD \`body\` text NOT NULL;`)
  await db.run(sql`ALTER TABLE \`modules\` DROP COLUMN \`translated_locales\`;`)
  await db.run(sql`ALTER TABLE \`activities_links\` ADD \`text\` text;`)
  await db.run(sql`ALTER TABLE \`activities_readings_files\` ADD \`text\` text;`)
  await db.run(sql`ALTER TABLE \`activities_readings\` ADD \`text\` text;`)
  await db.run(sql`ALTER TABLE \`activities\` ADD \`title\` text NOT NULL;`)
  await db.run(sql`ALTER TABLE \`activities\` ADD \`body\` text;`)
  await db.run(sql`ALTER TABLE \`activities\` DROP COLUMN \`translated_locales\`;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`title\` text NOT NULL;`)
  await db.run(sql`ALTER TABLE \`pages\` ADD \`body\` text;`)
  await db.run(sql`ALTER TABLE \`pages\` DROP COLUMN \`translated_locales\`;`)
  await db.run(sql`ALTER TABLE \`posts\` ADD \`title\` text NOT NULL;`)
  await db.run(sql`ALTER TABLE \`posts\` ADD \`body\` text;`)
  await db.run(sql`ALTER TABLE \`posts\` DROP COLUMN \`translated_locales\`;`)
  await db.run(sql`ALTER TABLE \`users\` DROP COLUMN \`language\`;`)
}

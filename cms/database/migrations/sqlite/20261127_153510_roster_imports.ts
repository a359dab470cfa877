import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.run(sql`CREATE TABLE \`roster_imports\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`district\` text NOT NULL,
  	\`file_name\` text NOT NULL,
  	\`status\` text DEFAULT 'previewed' NOT NULL,
  	\`created_by_id\` integer,
  	\`imported_at\` text,
  	\`preview\` text,
  	\`records\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`created_by_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`CREATE INDEX \`roster_imports_district_idx\` ON \`roster_imports\` (\`district\`);`)
  await db.run(sql`CREATE INDEX \`roster_imports_created_by_idx\` ON \`roster_imports\` (\`created_by_id\`);`)
  await db.run(sql`CREATE INDEX \`roster_imports_updated_at_idx\` ON \`roster_imports\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`roster_imports_created_at_idx\` ON \`roster_imports\` (\`created_at\`);`)
  await db.run(sql`ALTER TABLE \`schools\` ADD \`roster_district\` text;`)
  await db.run(sql`ALTER TABLE \`schools\` ADD \`roster_sourced_id\` text;`)
  await db.run(sql`CREATE INDEX \`schools_roster_roster_district_idx\` ON \`schools\` (\`roster_district\`);`)
  await db.run(sql`CREATE INDEX \`schools_roster_roster_sourced_id_idx\` ON \`schools\` (\`roster_sourced_id\`);`)
  await db.run(sql`ALTER TABLE \`classrooms\` ADD \`roster_district\` text;`)
  await db.run(sql`ALTER TABLE \`classrooms\` ADD \`roster_sourced_id\` text;`)
  await db.run(sql`ALTER TABLE \`classrooms\` ADD \`roster_school_id\` integer REFERENCES schools(id);`)
  await db.run(sql`CREATE INDEX \`classrooms_roster_roster_district_idx\` ON \`classrooms\` (\`roster_district\`);`)
  await db.run(sql`CREATE INDEX \`classrooms_roster_roster_sourced_id_idx\` ON \`classrooms\` (\`roster_sourced_id\`);`)
  await db.run(sql`CREATE INDEX \`classrooms_roster_roster_school_idx\` ON \`classrooms\` (\`roster_school_id\`);`)
  await db.run(sql`ALTER TABLE \`payload_locked_documents_rels\` ADD \`roster_imports_id\` integer REFERENCES roster_imports(id);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_roster_imports_id_idx\` ON \`payload_locked_documents_rels\` (\`roster_imports_id\`);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.run(sql`DROP TABLE \`roster_imports\`;`)
  await db.run(sql`PRAGMA foreign_keys=OFF;`)
  await db.run(sql`CREATE TABLE \`__new_classrooms\` (
  	\`id\` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
  	\`name\` text NOT NULL,
  	\`code\` text NOT NULL,
  	\`owner_id\` integer NOT NULL,
  	\`time_zone\` text DEFAULT 'America/New_York',
  	\`archived_at\` text,
  	\`updated_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	\`created_at\` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) NOT NULL,
  	FOREIGN KEY (\`owner_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE set null
  );
  `)
  await db.run(sql`INSERT INTO \`__new_classrooms\`("id", "name", "code", "owner_id", "time_zone", "archived_at", "updated_at", "created_at") SELECT "id", "name", "code", "owner_id", "time_zone", "archived_at", "updated_at", "created_at" FROM \`classrooms\`;`)
  await db.run(sql`DROP TABLE \`classrooms\`;`)
  await db.run(sql`ALTER TABLE \`__new_classrooms\` RENAME TO \`classrooms\`;`)
  await db.run(sql`PRAGMA foreign_keys=ON;`)
  await db.run(sql`CREATE UNIQUE INDEX \`classrooms_code_idx\` ON \`classrooms\` (\`code\`);`)
  await db.run(sql`CREATE INDEX \`classrooms_owner_idx\` ON \`classrooms\` (\`owner_id\`);`)
  await db.run(sql`CREATE INDEX \`classrooms_archived_at_idx\` ON \`classrooms\` (\`archived_at\`);`)
  await db.run(sql`CREATE INDEX \`classrooms_updated_at_idx\` ON \`classrooms\` (\`updated_at\`);`)
  await db.run(sql`CREATE INDEX \`classrooms_created_at_idx\` ON \`classrooms\` (\`created_at\`);`)
  await db.run(sql`CREATE TABLE \`__new_payload_locked_documents_rels\` (
  	\`id\` integer PRIMARY KEY NOT NULL,
  	\`order\` integer,
  	\`parent_id\` integer NOT NULL,
  	\`path\` text NOT NULL,
  	\`topics_id\` integer,
  	\`modules_id\` integer,
  	\`activities_id\` integer,
  	\`benchmarks_id\` integer,
  	\`pages_id\` integer,
  	\`posts_id\` integer,
  	\`media_id\` integer,
  	\`users_id\` integer,
  	\`schools_id\` integer,
  	\`classrooms_id\` integer,
  	\`tickets_id\` integer,
  	\`countries_id\` integer,
  	\`attempts_id\` integer,
  	\`assignments_id\` integer,
  	FOREIGN KEY (\`parent_id\`) REFERENCES \`payload_locked_documents\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`topics_id\`) REFERENCES \`topics\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`modules_id\`) REFERENCES \`modules\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`activities_id\`) REFERENCES \`activities\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`benchmarks_id\`) REFERENCES \`benchmarks\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`pages_id\`) REFERENCES \`pages\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`posts_id\`) REFERENCES \`posts\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`media_id\`) REFERENCES \`media\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`users_id\`) REFERENCES \`users\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`schools_id\`) REFERENCES \`schools\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`classrooms_id\`) REFERENCES \`classrooms\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`tickets_id\`) REFERENCES \`tickets\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`countries_id\`) REFERENCES \`countries\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`attempts_id\`) REFERENCES \`attempts\`(\`id\`) ON UPDATE no action ON DELETE cascade,
  	FOREIGN KEY (\`assignments_id\`) REFERENCES \`assignments\`(\`id\`) ON UPDATE no action ON DELETE cascade
  );
  `)
  await db.run(sql`INSERT INTO \`__new_payload_locked_documents_rels\`("id", "order", "parent_id", "path", "topics_id", "modules_id", "activities_id", "benchmarks_id", "pages_id", "posts_id", "media_id", "users_id", "schools_id", "classrooms_id", "tickets_id", "countries_id", "attempts_id", "assignments_id") SELECT "id", "order", "parent_id", "path", "topics_id", "modules_id", "activities_id", "benchmarks_id", "pages_id", "posts_id", "media_id", "users_id", "schools_id", "classrooms_id", "tickets_id", "countries_id", "attempts_id", "assignments_id" FROM \`payload_locked_documents_rels\`;`)
  await db.run(sql`DROP TABLE \`payload_locked_documents_rels\`;`)
  await db.run(sql`ALTER TABLE \`__new_payload_locked_documents_rels\` RENAME TO \`payload_locked_documents_rels\`;`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_order_idx\` ON \`payload_locked_documents_rels\` (\`order\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_parent_idx\` ON \`payload_locked_documents_rels\` (\`parent_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_path_idx\` ON \`payload_locked_documents_rels\` (\`path\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_topics_id_idx\` ON \`payload_locked_documents_rels\` (\`topics_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_modules_id_idx\` ON \`payload_locked_documents_rels\` (\`modules_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_activities_id_idx\` ON \`payload_locked_documents_rels\` (\`activities_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_benchmarks_id_idx\` ON \`payload_locked_documents_rels\` (\`benchmarks_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_pages_id_idx\` ON \`payload_locked_documents_rels\` (\`pages_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_posts_id_idx\` ON \`payload_locked_documents_rels\` (\`posts_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_media_id_idx\` ON \`payload_locked_documents_rels\` (\`media_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_users_id_idx\` ON \`payload_locked_documents_rels\` (\`users_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_schools_id_idx\` ON \`payload_locked_documents_rels\` (\`schools_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_classrooms_id_idx\` ON \`payload_locked_documents_rels\` (\`classrooms_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_tickets_id_idx\` ON \`payload_locked_documents_rels\` (\`tickets_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_countries_id_idx\` ON \`payload_locked_documents_rels\` (\`countries_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_attempts_id_idx\` ON \`payload_locked_documents_rels\` (\`attempts_id\`);`)
  await db.run(sql`CREATE INDEX \`payload_locked_documents_rels_assignments_id_idx\` ON \`payload_locked_documents_rels\` (\`assignments_id\`);`)
  await db.run(sql`DROP INDEX \`schools_roster_roster_district_idx\`;`)
  await db.run(sql`DROP INDEX \`schools_roster_roster_sourced_id_idx\`;`)
  await db.run(sql`ALTER TABLE \`schools\` DROP COLUMN \`roster_district\`;`)
  await db.run(sql`ALTER TABLE \`schools\` DROP COLUMN \`roster_sourced_id\`;`)
}

import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-sqlite'

/**
 * Four migrations made side by side (blocked requests, district sign-in, the audit log, roster
 * imports) each rebuilt `payload_locked_documents_rels` with only its own new column, so after them
 * the table lacks the others' columns. This adds whichever of the four is missing, with its index;
 * its snapshot is the whole merged schema, for the next `migrate:create` to compare against.
 */
const lockColumns = [
  ['identity_providers_id', 'identity_providers'],
  ['blocked_requests_id', 'blocked_requests'],
  ['roster_imports_id', 'roster_imports'],
  ['audit_log_id', 'audit_log'],
] as const

export async function up({ db }: MigrateUpArgs): Promise<void> {
  const present = new Set(((await db.all(sql`PRAGMA table_info(\`payload_locked_documents_rels\`)`)) as { name: string }[]).map((column) => column.name))
  for (const [column, table] of lockColumns) {
    if (!present.has(column)) await db.run(sql.raw(`ALTER TABLE \`payload_locked_documents_rels\` ADD \`${column}\` integer REFERENCES ${table}(id);`))
    await db.run(sql.raw(`CREATE INDEX IF NOT EXISTS \`payload_locked_documents_rels_${column}_idx\` ON \`payload_locked_documents_rels\` (\`${column}\`);`))
  }
}

export async function down(_args: MigrateDownArgs): Promise<void> {
  // The columns belong to the migrations before this one; their own down steps remove them.
}

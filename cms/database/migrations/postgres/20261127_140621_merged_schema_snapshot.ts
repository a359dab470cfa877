import type { MigrateDownArgs, MigrateUpArgs } from '@payloadcms/db-postgres'

/**
 * Changes nothing: the migrations before it were made side by side, each against the schema before
 * the others (the benchmarks and the assignments). This one carries the snapshot of the schema they make
 * together (its .json), so the next `migrate:create` compares against the whole schema.
 */
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}

import { MigrateUpArgs, MigrateDownArgs } from '@payloadcms/db-postgres'

/**
 * Nothing to change: the migrations made side by side before this one each added their own tables
 * and columns (PostgreSQL alters tables in place). Its snapshot is the whole merged schema, for the
 * next `migrate:create` to compare against.
 */
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}

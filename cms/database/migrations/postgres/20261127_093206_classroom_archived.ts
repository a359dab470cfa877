import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "classrooms" ADD COLUMN "archived_at" timestamp(3) with time zone;
  CREATE INDEX "classrooms_archived_at_idx" ON "classrooms" USING btree ("archived_at");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "classrooms_archived_at_idx";
  ALTER TABLE "classrooms" DROP COLUMN "archived_at";`)
}

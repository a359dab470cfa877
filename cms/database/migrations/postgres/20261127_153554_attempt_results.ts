import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "attempts" ADD COLUMN "session_resume_saved_at" timestamp(3) with time zone;
  ALTER TABLE "attempts" ADD COLUMN "statements_received" jsonb;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "attempts" DROP COLUMN "session_resume_saved_at";
  ALTER TABLE "attempts" DROP COLUMN "statements_received";`)
}

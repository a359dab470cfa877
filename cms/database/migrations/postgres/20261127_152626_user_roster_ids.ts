import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "users" ADD COLUMN "roster_district" varchar;
  ALTER TABLE "users" ADD COLUMN "roster_sourced_id" varchar;
  CREATE INDEX "users_roster_roster_district_idx" ON "users" USING btree ("roster_district");
  CREATE INDEX "users_roster_roster_sourced_id_idx" ON "users" USING btree ("roster_sourced_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "users_roster_roster_district_idx";
  DROP INDEX "users_roster_roster_sourced_id_idx";
  ALTER TABLE "users" DROP COLUMN "roster_district";
  ALTER TABLE "users" DROP COLUMN "roster_sourced_id";`)
}

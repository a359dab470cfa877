import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_roster_imports_status" AS ENUM('previewed', 'imported');
  CREATE TABLE "roster_imports" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"district" varchar NOT NULL,
  	"file_name" varchar NOT NULL,
  	"status" "enum_roster_imports_status" DEFAULT 'previewed' NOT NULL,
  	"created_by_id" integer,
  	"imported_at" timestamp(3) with time zone,
  	"preview" jsonb,
  	"records" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "schools" ADD COLUMN "roster_district" varchar;
  ALTER TABLE "schools" ADD COLUMN "roster_sourced_id" varchar;
  ALTER TABLE "classrooms" ADD COLUMN "roster_district" varchar;
  ALTER TABLE "classrooms" ADD COLUMN "roster_sourced_id" varchar;
  ALTER TABLE "classrooms" ADD COLUMN "roster_school_id" integer;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "roster_imports_id" integer;
  ALTER TABLE "roster_imports" ADD CONSTRAINT "roster_imports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "roster_imports_district_idx" ON "roster_imports" USING btree ("district");
  CREATE INDEX "roster_imports_created_by_idx" ON "roster_imports" USING btree ("created_by_id");
  CREATE INDEX "roster_imports_updated_at_idx" ON "roster_imports" USING btree ("updated_at");
  CREATE INDEX "roster_imports_created_at_idx" ON "roster_imports" USING btree ("created_at");
  ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_roster_school_id_schools_id_fk" FOREIGN KEY ("roster_school_id") REFERENCES "public"."schools"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_roster_imports_fk" FOREIGN KEY ("roster_imports_id") REFERENCES "public"."roster_imports"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "schools_roster_roster_district_idx" ON "schools" USING btree ("roster_district");
  CREATE INDEX "schools_roster_roster_sourced_id_idx" ON "schools" USING btree ("roster_sourced_id");
  CREATE INDEX "classrooms_roster_roster_district_idx" ON "classrooms" USING btree ("roster_district");
  CREATE INDEX "classrooms_roster_roster_sourced_id_idx" ON "classrooms" USING btree ("roster_sourced_id");
  CREATE INDEX "classrooms_roster_roster_school_idx" ON "classrooms" USING btree ("roster_school_id");
  CREATE INDEX "payload_locked_documents_rels_roster_imports_id_idx" ON "payload_locked_documents_rels" USING btree ("roster_imports_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "roster_imports" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "roster_imports" CASCADE;
  ALTER TABLE "classrooms" DROP CONSTRAINT "classrooms_roster_school_id_schools_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_roster_imports_fk";
  
  DROP INDEX "schools_roster_roster_district_idx";
  DROP INDEX "schools_roster_roster_sourced_id_idx";
  DROP INDEX "classrooms_roster_roster_district_idx";
  DROP INDEX "classrooms_roster_roster_sourced_id_idx";
  DROP INDEX "classrooms_roster_roster_school_idx";
  DROP INDEX "payload_locked_documents_rels_roster_imports_id_idx";
  ALTER TABLE "schools" DROP COLUMN "roster_district";
  ALTER TABLE "schools" DROP COLUMN "roster_sourced_id";
  ALTER TABLE "classrooms" DROP COLUMN "roster_district";
  ALTER TABLE "classrooms" DROP COLUMN "roster_sourced_id";
  ALTER TABLE "classrooms" DROP COLUMN "roster_school_id";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "roster_imports_id";
  DROP TYPE "public"."enum_roster_imports_status";`)
}

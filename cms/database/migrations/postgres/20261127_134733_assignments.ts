import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_assignments_state" AS ENUM('draft', 'published');
  CREATE TABLE "assignments_extensions" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"student_id" integer,
  	"due_at" timestamp(3) with time zone NOT NULL
  );
  
  CREATE TABLE "assignments" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"classroom_id" integer NOT NULL,
  	"title" varchar NOT NULL,
  	"instructions" varchar,
  	"state" "enum_assignments_state" DEFAULT 'published' NOT NULL,
  	"available_from" timestamp(3) with time zone,
  	"due_at" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "assignments_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"modules_id" integer,
  	"activities_id" integer,
  	"users_id" integer
  );
  
  ALTER TABLE "classrooms" ADD COLUMN "time_zone" varchar DEFAULT 'America/New_York';
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "assignments_id" integer;
  ALTER TABLE "assignments_extensions" ADD CONSTRAINT "assignments_extensions_student_id_users_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "assignments_extensions" ADD CONSTRAINT "assignments_extensions_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "assignments" ADD CONSTRAINT "assignments_classroom_id_classrooms_id_fk" FOREIGN KEY ("classroom_id") REFERENCES "public"."classrooms"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "assignments_rels" ADD CONSTRAINT "assignments_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "assignments_rels" ADD CONSTRAINT "assignments_rels_modules_fk" FOREIGN KEY ("modules_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "assignments_rels" ADD CONSTRAINT "assignments_rels_activities_fk" FOREIGN KEY ("activities_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "assignments_rels" ADD CONSTRAINT "assignments_rels_users_fk" FOREIGN KEY ("users_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "assignments_extensions_order_idx" ON "assignments_extensions" USING btree ("_order");
  CREATE INDEX "assignments_extensions_parent_id_idx" ON "assignments_extensions" USING btree ("_parent_id");
  CREATE INDEX "assignments_extensions_student_idx" ON "assignments_extensions" USING btree ("student_id");
  CREATE INDEX "assignments_classroom_idx" ON "assignments" USING btree ("classroom_id");
  CREATE INDEX "assignments_updated_at_idx" ON "assignments" USING btree ("updated_at");
  CREATE INDEX "assignments_created_at_idx" ON "assignments" USING btree ("created_at");
  CREATE INDEX "classroom_dueAt_idx" ON "assignments" USING btree ("classroom_id","due_at");
  CREATE INDEX "assignments_rels_order_idx" ON "assignments_rels" USING btree ("order");
  CREATE INDEX "assignments_rels_parent_idx" ON "assignments_rels" USING btree ("parent_id");
  CREATE INDEX "assignments_rels_path_idx" ON "assignments_rels" USING btree ("path");
  CREATE INDEX "assignments_rels_modules_id_idx" ON "assignments_rels" USING btree ("modules_id");
  CREATE INDEX "assignments_rels_activities_id_idx" ON "assignments_rels" USING btree ("activities_id");
  CREATE INDEX "assignments_rels_users_id_idx" ON "assignments_rels" USING btree ("users_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_assignments_fk" FOREIGN KEY ("assignments_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_assignments_id_idx" ON "payload_locked_documents_rels" USING btree ("assignments_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "assignments_extensions" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "assignments" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "assignments_rels" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "assignments_extensions" CASCADE;
  DROP TABLE "assignments" CASCADE;
  DROP TABLE "assignments_rels" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_assignments_fk";
  
  DROP INDEX "payload_locked_documents_rels_assignments_id_idx";
  ALTER TABLE "classrooms" DROP COLUMN "time_zone";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "assignments_id";
  DROP TYPE "public"."enum_assignments_state";`)
}

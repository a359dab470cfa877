import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_benchmarks_framework" AS ENUM('SS.7.CG', 'SS.7.C');
  CREATE TYPE "public"."enum_benchmarks_reporting_category" AS ENUM('1', '2', '3', '4');
  CREATE TABLE "modules_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"benchmarks_id" integer
  );
  
  CREATE TABLE "activities_rels" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"benchmarks_id" integer
  );
  
  CREATE TABLE "benchmarks" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"framework" "enum_benchmarks_framework" DEFAULT 'SS.7.CG' NOT NULL,
  	"code" varchar NOT NULL,
  	"statement" varchar,
  	"source" varchar,
  	"reporting_category" "enum_benchmarks_reporting_category",
  	"order" numeric DEFAULT 0 NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "benchmarks_id" integer;
  ALTER TABLE "modules_rels" ADD CONSTRAINT "modules_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."modules"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "modules_rels" ADD CONSTRAINT "modules_rels_benchmarks_fk" FOREIGN KEY ("benchmarks_id") REFERENCES "public"."benchmarks"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "activities_rels" ADD CONSTRAINT "activities_rels_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "activities_rels" ADD CONSTRAINT "activities_rels_benchmarks_fk" FOREIGN KEY ("benchmarks_id") REFERENCES "public"."benchmarks"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "modules_rels_order_idx" ON "modules_rels" USING btree ("order");
  CREATE INDEX "modules_rels_parent_idx" ON "modules_rels" USING btree ("parent_id");
  CREATE INDEX "modules_rels_path_idx" ON "modules_rels" USING btree ("path");
  CREATE INDEX "modules_rels_benchmarks_id_idx" ON "modules_rels" USING btree ("benchmarks_id");
  CREATE INDEX "activities_rels_order_idx" ON "activities_rels" USING btree ("order");
  CREATE INDEX "activities_rels_parent_idx" ON "activities_rels" USING btree ("parent_id");
  CREATE INDEX "activities_rels_path_idx" ON "activities_rels" USING btree ("path");
  CREATE INDEX "activities_rels_benchmarks_id_idx" ON "activities_rels" USING btree ("benchmarks_id");
  CREATE UNIQUE INDEX "benchmarks_code_idx" ON "benchmarks" USING btree ("code");
  CREATE INDEX "benchmarks_order_idx" ON "benchmarks" USING btree ("order");
  CREATE INDEX "benchmarks_updated_at_idx" ON "benchmarks" USING btree ("updated_at");
  CREATE INDEX "benchmarks_created_at_idx" ON "benchmarks" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_benchmarks_fk" FOREIGN KEY ("benchmarks_id") REFERENCES "public"."benchmarks"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_benchmarks_id_idx" ON "payload_locked_documents_rels" USING btree ("benchmarks_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "modules_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "activities_rels" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "benchmarks" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "modules_rels" CASCADE;
  DROP TABLE "activities_rels" CASCADE;
  DROP TABLE "benchmarks" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_benchmarks_fk";
  
  DROP INDEX "payload_locked_documents_rels_benchmarks_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "benchmarks_id";
  DROP TYPE "public"."enum_benchmarks_framework";
  DROP TYPE "public"."enum_benchmarks_reporting_category";`)
}

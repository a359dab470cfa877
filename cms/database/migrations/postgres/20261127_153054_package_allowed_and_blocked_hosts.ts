import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "activities_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  CREATE TABLE "blocked_requests" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"activity_id" integer NOT NULL,
  	"host" varchar NOT NULL,
  	"directive" varchar,
  	"count" numeric DEFAULT 1 NOT NULL,
  	"last_seen" timestamp(3) with time zone NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "blocked_requests_id" integer;
  ALTER TABLE "activities_texts" ADD CONSTRAINT "activities_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "blocked_requests" ADD CONSTRAINT "blocked_requests_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "activities_texts_order_parent" ON "activities_texts" USING btree ("order","parent_id");
  CREATE INDEX "blocked_requests_activity_idx" ON "blocked_requests" USING btree ("activity_id");
  CREATE INDEX "blocked_requests_last_seen_idx" ON "blocked_requests" USING btree ("last_seen");
  CREATE INDEX "blocked_requests_updated_at_idx" ON "blocked_requests" USING btree ("updated_at");
  CREATE INDEX "blocked_requests_created_at_idx" ON "blocked_requests" USING btree ("created_at");
  CREATE UNIQUE INDEX "activity_host_idx" ON "blocked_requests" USING btree ("activity_id","host");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_blocked_requests_fk" FOREIGN KEY ("blocked_requests_id") REFERENCES "public"."blocked_requests"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_blocked_requests_id_idx" ON "payload_locked_documents_rels" USING btree ("blocked_requests_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "activities_texts" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "blocked_requests" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "activities_texts" CASCADE;
  DROP TABLE "blocked_requests" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_blocked_requests_fk";
  
  DROP INDEX "payload_locked_documents_rels_blocked_requests_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "blocked_requests_id";`)
}

import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_users_identities_provider" ADD VALUE 'district';
  CREATE TABLE "identity_providers" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"name" varchar NOT NULL,
  	"key" varchar NOT NULL,
  	"enabled" boolean DEFAULT true,
  	"issuer" varchar NOT NULL,
  	"client_id" varchar NOT NULL,
  	"client_secret" varchar NOT NULL,
  	"scope" varchar DEFAULT 'openid email profile' NOT NULL,
  	"user_id_claim" varchar DEFAULT 'sub' NOT NULL,
  	"role_claim" varchar DEFAULT 'user_type' NOT NULL,
  	"student_roles" varchar DEFAULT 'student' NOT NULL,
  	"teacher_roles" varchar DEFAULT 'teacher' NOT NULL,
  	"email_claim" varchar DEFAULT 'email' NOT NULL,
  	"first_name_claim" varchar DEFAULT 'given_name' NOT NULL,
  	"last_name_claim" varchar DEFAULT 'family_name' NOT NULL,
  	"district_claim" varchar,
  	"district_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "identity_providers_texts" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"path" varchar NOT NULL,
  	"text" varchar
  );
  
  ALTER TABLE "users_identities" ADD COLUMN "district" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "identity_providers_id" integer;
  ALTER TABLE "identity_providers_texts" ADD CONSTRAINT "identity_providers_texts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "identity_providers_key_idx" ON "identity_providers" USING btree ("key");
  CREATE INDEX "identity_providers_updated_at_idx" ON "identity_providers" USING btree ("updated_at");
  CREATE INDEX "identity_providers_created_at_idx" ON "identity_providers" USING btree ("created_at");
  CREATE INDEX "identity_providers_texts_order_parent" ON "identity_providers_texts" USING btree ("order","parent_id");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_identity_providers_fk" FOREIGN KEY ("identity_providers_id") REFERENCES "public"."identity_providers"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_identity_providers_id_idx" ON "payload_locked_documents_rels" USING btree ("identity_providers_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "identity_providers" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "identity_providers_texts" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "identity_providers" CASCADE;
  DROP TABLE "identity_providers_texts" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_identity_providers_fk";
  
  ALTER TABLE "users_identities" ALTER COLUMN "provider" SET DATA TYPE text;
  DROP TYPE "public"."enum_users_identities_provider";
  CREATE TYPE "public"."enum_users_identities_provider" AS ENUM('google', 'facebook');
  ALTER TABLE "users_identities" ALTER COLUMN "provider" SET DATA TYPE "public"."enum_users_identities_provider" USING "provider"::"public"."enum_users_identities_provider";
  DROP INDEX "payload_locked_documents_rels_identity_providers_id_idx";
  ALTER TABLE "users_identities" DROP COLUMN "district";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "identity_providers_id";`)
}

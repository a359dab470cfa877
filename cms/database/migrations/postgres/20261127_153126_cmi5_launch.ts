import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TYPE "public"."enum_activities_storyline_standard" ADD VALUE 'cmi5' BEFORE 'none';
  ALTER TYPE "public"."enum_attempts_standard" ADD VALUE 'cmi5' BEFORE 'none';
  ALTER TABLE "activities" ADD COLUMN "storyline_cmi5" jsonb;
  ALTER TABLE "attempts" ADD COLUMN "cmi5" jsonb;`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "activities" ALTER COLUMN "storyline_standard" SET DATA TYPE text;
  DROP TYPE "public"."enum_activities_storyline_standard";
  CREATE TYPE "public"."enum_activities_storyline_standard" AS ENUM('scorm12', 'scorm2004', 'xapi', 'none');
  ALTER TABLE "activities" ALTER COLUMN "storyline_standard" SET DATA TYPE "public"."enum_activities_storyline_standard" USING "storyline_standard"::"public"."enum_activities_storyline_standard";
  ALTER TABLE "attempts" ALTER COLUMN "standard" SET DATA TYPE text;
  DROP TYPE "public"."enum_attempts_standard";
  CREATE TYPE "public"."enum_attempts_standard" AS ENUM('scorm12', 'scorm2004', 'xapi', 'none');
  ALTER TABLE "attempts" ALTER COLUMN "standard" SET DATA TYPE "public"."enum_attempts_standard" USING "standard"::"public"."enum_attempts_standard";
  ALTER TABLE "activities" DROP COLUMN "storyline_cmi5";
  ALTER TABLE "attempts" DROP COLUMN "cmi5";`)
}

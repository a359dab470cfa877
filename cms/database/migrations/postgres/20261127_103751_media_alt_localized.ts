import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

// An image's description becomes one per language; the descriptions written so far are the English ones.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "media_locales" (
  	"alt" varchar,
  	"id" serial PRIMARY KEY NOT NULL,
  	"_locale" "_locales" NOT NULL,
  	"_parent_id" integer NOT NULL
  );
  
  ALTER TABLE "media_locales" ADD CONSTRAINT "media_locales_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;
  CREATE UNIQUE INDEX "media_locales_locale_parent_id_unique" ON "media_locales" USING btree ("_locale","_parent_id");
  INSERT INTO "media_locales" ("alt", "_locale", "_parent_id") SELECT "alt", 'en', "id" FROM "media";
  ALTER TABLE "media" DROP COLUMN "alt";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "media" ADD COLUMN "alt" varchar;
  UPDATE "media" SET "alt" = (SELECT "alt" FROM "media_locales" WHERE "_parent_id" = "media"."id" AND "_locale" = 'en');
  DROP TABLE "media_locales" CASCADE;`)
}

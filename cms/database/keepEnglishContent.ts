/**
 * Making fields localized moves them from each table into a `<table>_locales` table,
 * and Payload's generated migration drops the old columns. Run before those drops, these copy
 * every existing value into its 'en' row, so a database migrated from before keeps its content.
 * Plain SQL that SQLite and PostgreSQL read alike (the column types match on both sides).
 */
export const keepEnglishContentStatements = [
  `INSERT INTO topics_locales (title, body, _locale, _parent_id) SELECT title, body, 'en', id FROM topics`,
  `INSERT INTO modules_locales (title, subtitle, body, _locale, _parent_id) SELECT title, subtitle, body, 'en', id FROM modules`,
  `INSERT INTO activities_locales (title, body, _locale, _parent_id) SELECT title, body, 'en', id FROM activities`,
  `INSERT INTO activities_links_locales (text, _locale, _parent_id) SELECT text, 'en', id FROM activities_links`,
  `INSERT INTO activities_readings_locales (text, _locale, _parent_id) SELECT text, 'en', id FROM activities_readings`,
  `INSERT INTO activities_readings_files_locales (text, _locale, _parent_id) SELECT text, 'en', id FROM activities_readings_files`,
  `INSERT INTO pages_locales (title, body, _locale, _parent_id) SELECT title, body, 'en', id FROM pages`,
  `INSERT INTO posts_locales (title, body, _locale, _parent_id) SELECT title, body, 'en', id FROM posts`,
]

/**
 * Which database DATABASE_URL names, read without loading any database adapter: the start checks
 * it before it loads the server (cms/startup/server.ts).
 */
export type DatabaseKind = 'sqlite' | 'postgres' | 'mongodb'

export const databaseUrl = () => process.env.DATABASE_URL || ''

export const databaseKind = (url = databaseUrl()): DatabaseKind => {
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres'
  if (/^mongodb(\+srv)?:\/\//.test(url)) return 'mongodb'
  return 'sqlite'
}

/** CREATE_DATABASE=true: the PostgreSQL adapter may create the database DATABASE_URL names when it does not exist. */
export const createDatabaseWanted = () => process.env.CREATE_DATABASE?.trim().toLowerCase() === 'true'

import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { createDatabaseWanted, databaseKind, databaseUrl } from '../database/databaseUrl'
import { uploadsDir } from '../config/paths'

/**
 * Settings an operator can get wrong in a way that would still start a site, just not theirs: a
 * mistyped database address (a fresh SQLite site with demo content), a misspelled database name
 * (a fresh, seeded PostgreSQL database), a secret each instance makes up for itself, an uploads
 * folder nothing can be written to. Each check answers the one line the start stops with (naming
 * the variable and what to do), or nothing when the setting can work.
 * docs/adr/refuse-a-start-that-would-make-a-new-site.md.
 */

/** The shortest PAYLOAD_SECRET a production start accepts: it signs every session and reset link. */
export const minimumSecretLength = 32

const production = () => process.env.NODE_ENV === 'production'

/** DATABASE_URL names a database this server knows: unset (data/civics.db), `file:`, `postgres(ql)://` or `mongodb(+srv)://`. */
export const databaseUrlProblem = (url = databaseUrl()): string | undefined => {
  if (!url || url.startsWith('file:') || databaseKind(url) !== 'sqlite') return undefined
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0]
  return `DATABASE_URL starts with "${scheme ?? url.slice(0, 12)}", which is not a database this server knows: use postgres://user:password@host:5432/name (PostgreSQL), file:/path/to/civics.db (SQLite), or leave it unset for data/civics.db.`
}

/**
 * In production the secret must be long enough, and set wherever instances can share a database
 * (PostgreSQL, MongoDB): one generated per instance makes each instance's sessions fail on the
 * other. A SQLite site is one process on one machine, so its generated `data/.payload-secret`
 * (the quick start's) is the same at every start.
 */
export const secretProblem = (): string | undefined => {
  if (!production()) return undefined
  const secret = process.env.PAYLOAD_SECRET ?? ''
  if (!secret) {
    if (databaseKind() === 'sqlite') return undefined
    return 'PAYLOAD_SECRET is not set: every instance would make up its own, and a session opened on one would fail on the others. Set PAYLOAD_SECRET to the same 48 random characters on every instance (openssl rand -hex 24).'
  }
  if (secret.length < minimumSecretLength)
    return `PAYLOAD_SECRET is ${secret.length} characters long: it signs every session and password-reset link, so it needs at least ${minimumSecretLength}. Set it to 48 random characters (openssl rand -hex 24), the same on every instance.`
  return undefined
}

const reasons: Record<string, string> = {
  EROFS: 'a read-only file system',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'part of the path is a file',
}

/** UPLOADS_DIR can take a file (Storyline packages always live there, media too without S3_BUCKET). */
export const uploadsDirProblem = (dir = uploadsDir): string | undefined => {
  const probe = path.join(dir, `.write-check-${process.pid}-${randomBytes(4).toString('hex')}`)
  try {
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(probe, 'ok')
    fs.rmSync(probe, { force: true })
    return undefined
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? ''
    const why = reasons[code] ?? (code || (error as Error).message)
    return `UPLOADS_DIR ${dir} is not writable (${why}): uploads would all fail. Make it writable by this process, or set UPLOADS_DIR to a folder it may write.`
  }
}

/**
 * A PostgreSQL database that does not exist is a misspelled name far more often than a wish for a
 * new site, so it is created only when CREATE_DATABASE=true asks. Only that answer stops the start
 * here: a server that cannot be reached is for the start's own waiting to handle.
 */
export const missingDatabaseProblem = async (url = databaseUrl()): Promise<string | undefined> => {
  if (databaseKind(url) !== 'postgres' || createDatabaseWanted()) return undefined
  const { default: pg } = await import('pg')
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    return undefined
  } catch (error) {
    if ((error as { code?: string }).code !== '3D000') return undefined
    const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, '')) || '(none)'
    return `DATABASE_URL names the database "${name}", which does not exist on that server: correct the name in DATABASE_URL, or start once with CREATE_DATABASE=true to create it.`
  } finally {
    await client.end().catch(() => undefined)
  }
}

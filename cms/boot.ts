import fs from 'node:fs'
import path from 'node:path'

import { getPayload, type Payload } from 'payload'

import { type DemoLogin, isEmptyDatabase, seed } from '../seed'
import { withBootLock } from './bootLock'
import { databaseKind } from './db'
import { knownMigrations } from './migrationList'
import config from './payload.config'
import { dataDir } from './paths'
import { hashPasswordsOnWorkerThreads } from './passwordHashing'
import { logDroppedConnections, payloadPool } from './postgresConnections'
import { prepareRateLimitStore } from './rateLimitStore'

export { config }

/** Brings the schema up to date; safe to run at every start (applied migrations are skipped). */
export const migrate = async (payload: Payload) => {
  if (databaseKind() === 'mongodb') return
  await payload.db.migrate({ migrations: knownMigrations() })
}

export const demoLoginsFile = () => path.join(dataDir, 'demo-logins.txt')

/** Logs one demo login and appends it to data/demo-logins.txt (the last line for an account is current). */
export const reportDemoLogin = (payload: Payload, { role, login, password }: DemoLogin) => {
  const line = `  ${role.padEnd(30)} ${login.padEnd(28)} ${password}`
  fs.mkdirSync(dataDir, { recursive: true })
  if (!fs.existsSync(demoLoginsFile()))
    fs.writeFileSync(demoLoginsFile(), 'Demo accounts (passwords generated at seeding, shown once in the log):\n', { mode: 0o600 })
  fs.appendFileSync(demoLoginsFile(), `${line}\n`)
  payload.logger.info(`Demo account (password generated now, shown once; also saved to ${demoLoginsFile()}):\n${line}`)
}

/**
 * Where the first seed stands, in Payload's key-value store (table `payload_kv`): `running` from
 * its first write to its last, then `done`. A start that finds `running` (the seeding process died)
 * runs the idempotent seed again, which completes it.
 */
const seedStateKey = 'civics360:first-seed'
type SeedState = { state: 'running' | 'done'; at: string }

const needsFirstSeed = async (payload: Payload) => {
  const found = await payload.kv.get<SeedState>(seedStateKey)
  if (found) return found.state !== 'done'
  if (await isEmptyDatabase(payload)) return true
  // Content but no record: a database seeded before the record existed. Leave its content alone.
  await payload.kv.set(seedStateKey, { state: 'done', at: new Date().toISOString() } satisfies SeedState)
  return false
}

const runSeed = async (payload: Payload) => {
  await payload.kv.set(seedStateKey, { state: 'running', at: new Date().toISOString() } satisfies SeedState)
  await seed(payload, (login) => reportDemoLogin(payload, login))
  await payload.kv.set(seedStateKey, { state: 'done', at: new Date().toISOString() } satisfies SeedState)
}

/**
 * Payload, migrated, with the rate-limit tables, and seeded on the first start of an empty
 * database (or the start after a first seed was cut short). `always` adds whatever demo
 * content is missing (`npm run seed`). Instances sharing PostgreSQL do this one at a time.
 */
export const boot = async ({ seedIfEmpty = true, always = false } = {}) => {
  hashPasswordsOnWorkerThreads()
  const payload = await getPayload({ config })
  const pool = payloadPool(payload)
  if (pool) logDroppedConnections(pool, (message) => payload.logger.warn(message))
  await withBootLock(
    async () => {
      await migrate(payload)
      await prepareRateLimitStore()
      if (always || (seedIfEmpty && (await needsFirstSeed(payload)))) {
        payload.logger.info('Seeding the demo content…')
        await runSeed(payload)
        payload.logger.info('Seed complete.')
      }
    },
    (message) => payload.logger.info(message),
  )
  return payload
}

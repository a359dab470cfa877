import fs from 'node:fs'
import path from 'node:path'

import { getPayload, type Payload } from 'payload'

import { type DemoLogin, isEmptyDatabase, seed, seedBenchmarks, seedDemoAccounts } from '../../seed'
import { withBootLock } from './bootLock'
import { databaseKind } from '../database/databaseUrl'
import { untilDatabaseAnswers, waitForDatabase } from '../database/databaseWait'
import { knownMigrations } from '../database/migrationList'
import config from '../payload.config'
import { dataDir } from '../config/paths'
import { checkPasswordHashing, hashPasswordsOnWorkerThreads } from '../auth/passwordHashing'
import { sayDroppedConnectionsWith } from '../database/postgresConnections'
import { prepareRateLimitStore } from '../http/rateLimitStore'

export { config }

/** Brings the schema up to date; safe to run at every start (applied migrations are skipped). */
export const migrate = async (payload: Payload) => {
  if (databaseKind() === 'mongodb') return
  await payload.db.migrate({ migrations: knownMigrations() })
}

export const demoLoginsFile = () => path.join(dataDir, 'demo-logins.txt')

const demoAccountsFlag = () => process.env.SEED_DEMO_ACCOUNTS?.trim().toLowerCase()

/**
 * Whether the seed creates the demo accounts (a staff editor with every scope, a teacher, a
 * student): `SEED_DEMO_ACCOUNTS=true` or `false` says so; unset, only outside production. A
 * production site gets its first staff account from `npm run create-admin` instead.
 */
export const demoAccountsWanted = () => {
  const flag = demoAccountsFlag()
  if (flag === 'true') return true
  if (flag === 'false') return false
  return process.env.NODE_ENV !== 'production'
}

/**
 * Appends one demo login to data/demo-logins.txt (owner-only; the last line for an account is
 * current). The password goes to that file alone: logs are copied, shipped and kept where
 * anyone with access to the machine's logs can read them, so the log only says where to look.
 */
export const reportDemoLogin = (payload: Payload, { role, login, password }: DemoLogin) => {
  const file = demoLoginsFile()
  fs.mkdirSync(dataDir, { recursive: true })
  if (!fs.existsSync(file)) fs.writeFileSync(file, 'Demo accounts (passwords generated at seeding; keep this file private):\n', { mode: 0o600 })
  fs.appendFileSync(file, `  ${role.padEnd(30)} ${login.padEnd(28)} ${password}\n`)
  fs.chmodSync(file, 0o600)
  payload.logger.info(`Demo account created: ${role}, ${login}. Its password is in ${file}.`)
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

const runSeed = async (payload: Payload, accounts: boolean) => {
  await payload.kv.set(seedStateKey, { state: 'running', at: new Date().toISOString() } satisfies SeedState)
  await seed(payload, (login) => reportDemoLogin(payload, login), { accounts })
  await payload.kv.set(seedStateKey, { state: 'done', at: new Date().toISOString() } satisfies SeedState)
}

const noAccountsLine =
  'No accounts were seeded (production). Create a staff account with `npm run create-admin` (ADMIN_EMAIL, and ADMIN_PASSWORD or a prompt), or start with SEED_DEMO_ACCOUNTS=true for the demo accounts.'

/**
 * Payload, migrated, with the rate-limit tables, and seeded on the first start of an empty
 * database (or the start after a first seed was cut short): the content always, the demo accounts
 * as `demoAccountsWanted` says. `always` adds whatever demo content is missing (`npm run seed`).
 * Instances sharing PostgreSQL do this one at a time.
 */
export const boot = async ({ seedIfEmpty = true, always = false } = {}) => {
  hashPasswordsOnWorkerThreads()
  await checkPasswordHashing()
  // Before Payload connects: its adapter keeps no cause of a refused connection, and logs a dump.
  await waitForDatabase(
    (message) => console.log(message),
    (message) => console.warn(message),
  )
  const payload = await untilDatabaseAnswers('starting Payload', () => getPayload({ config }), console.log)
  sayDroppedConnectionsWith((message) => payload.logger.warn(message))
  const log = (message: string) => payload.logger.info(message)
  await untilDatabaseAnswers(
    'migrating and seeding',
    () =>
      withBootLock(async () => {
        await migrate(payload)
        await prepareRateLimitStore()
        if (seedIfEmpty) await seedBenchmarks(payload)
        const accounts = demoAccountsWanted()
        if (always || (seedIfEmpty && (await needsFirstSeed(payload)))) {
          payload.logger.info('Seeding the demo content…')
          await runSeed(payload, accounts)
          payload.logger.info('Seed complete.')
          if (!accounts) payload.logger.info(noAccountsLine)
        } else if (seedIfEmpty && demoAccountsFlag() === 'true') {
          // Asked for explicitly: a site first started without them gets whichever are missing.
          await seedDemoAccounts(payload, (login) => reportDemoLogin(payload, login))
        }
      }, log),
    log,
  )
  return payload
}

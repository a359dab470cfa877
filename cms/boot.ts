import fs from 'node:fs'
import path from 'node:path'

import { getPayload, type Payload } from 'payload'

import { type DemoLogin, isEmptyDatabase, seed } from '../seed'
import { databaseKind } from './db'
import { migrations as postgresMigrations } from './migrations/postgres'
import { migrations as sqliteMigrations } from './migrations/sqlite'
import config from './payload.config'
import { dataDir } from './paths'

export { config }

/** Brings the schema up to date; safe to run at every start (applied migrations are skipped). */
export const migrate = async (payload: Payload) => {
  const kind = databaseKind()
  if (kind === 'mongodb') return
  const migrations = (kind === 'postgres' ? postgresMigrations : sqliteMigrations) as unknown as NonNullable<Parameters<Payload['db']['migrate']>[0]>['migrations']
  await payload.db.migrate({ migrations })
}

export const demoLoginsFile = () => path.join(dataDir, 'demo-logins.txt')

export const reportDemoLogins = (payload: Payload, logins: DemoLogin[]) => {
  if (!logins.length) return
  const lines = logins.map((l) => `  ${l.role.padEnd(30)} ${l.login.padEnd(28)} ${l.password}`)
  const text = `Demo accounts (passwords generated now, shown once; also saved to ${demoLoginsFile()}):\n${lines.join('\n')}\n`
  fs.mkdirSync(dataDir, { recursive: true })
  fs.appendFileSync(demoLoginsFile(), text, { mode: 0o600 })
  payload.logger.info(`\n${text}`)
}

/** Payload, migrated, and seeded on the first start of an empty database. */
export const boot = async ({ seedIfEmpty = true } = {}) => {
  const payload = await getPayload({ config })
  await migrate(payload)
  if (seedIfEmpty && (await isEmptyDatabase(payload))) {
    payload.logger.info('Empty database: seeding the demo content…')
    reportDemoLogins(payload, await seed(payload))
  }
  return payload
}

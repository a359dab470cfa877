import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { allScopes } from '../common/scopes'
import { root, type ServerProcess, startServerProcesses } from './e2e/serverProcess'

/**
 * A production start seeds the content and no account unless SEED_DEMO_ACCOUNTS=true asks for the
 * demo ones; the first staff account comes from `npm run create-admin`; no password reaches a log.
 * Real server processes (production mode, SQLite), as an operator starts them.
 */
const secret = randomBytes(24).toString('hex')
let bare: ServerProcess
let demo: ServerProcess

beforeAll(async () => {
  ;[bare, demo] = await startServerProcesses([
    { name: 'no-accounts', env: { PAYLOAD_SECRET: secret, SEED_DEMO_ACCOUNTS: undefined, WARM_UP_LOGINS: '0' }, demoLogins: false },
    { name: 'demo-accounts', env: { SEED_DEMO_ACCOUNTS: 'true', WARM_UP_LOGINS: '0' } },
  ])
}, 400_000)
afterAll(async () => {
  await Promise.all([bare?.stop(), demo?.stop()])
})

const log = (server: ServerProcess) => fs.readFileSync(server.logFile, 'utf8')

/** `npm run create-admin` against the first server's database, with these variables; its output and exit code. */
const createAdmin = (env: Record<string, string>) =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'cms/startup/createAdmin.ts'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        DATABASE_URL: `file:${path.join(bare.dir, 'e2e.db')}`,
        DATA_DIR: bare.dir,
        UPLOADS_DIR: path.join(bare.dir, 'uploads'),
        PAYLOAD_SECRET: secret,
        ...env,
      },
    })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (out += chunk))
    child.on('exit', (code) => resolve({ code, out }))
  })

const logIn = async (base: string, username: string, password: string) => {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  })
  return { status: res.status, body: (await res.json()) as { token?: string; user?: { scopes?: string[] } } }
}

describe('accounts on a production start', () => {
  it('seeds the content but no account, writes no logins file, and says how to make the first staff account', async () => {
    const topics = await (await fetch(`${bare.baseURL}/api/topics?limit=1`)).json()
    expect(topics.totalDocs).toBeGreaterThan(0)
    expect(fs.existsSync(path.join(bare.dir, 'demo-logins.txt'))).toBe(false)
    expect(log(bare)).toContain('No accounts were seeded (production). Create a staff account with `npm run create-admin`')
    expect((await logIn(bare.baseURL, 'editor@civics360.local', 'anything-at-all')).status).toBe(401)
  })

  it('with SEED_DEMO_ACCOUNTS=true seeds the demo accounts, their passwords in an owner-only file and never in the log', async () => {
    const file = path.join(demo.dir, 'demo-logins.txt')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    const logins = [...fs.readFileSync(file, 'utf8').matchAll(/^\s+.+?\s{2,}(\S+)\s+(civics-\S+)$/gm)].map((m) => ({ login: m[1], password: m[2] }))
    expect(logins.map((l) => l.login)).toEqual(['editor@civics360.local', 'teacher@civics360.local', 'demo-student'])
    const text = log(demo)
    for (const { login, password } of logins) {
      expect(text).not.toContain(password)
      expect(text).toContain(`${login}. Its password is in ${file}.`)
      expect((await logIn(demo.baseURL, login, password)).status).toBe(200)
    }
  })

  it('create-admin refuses a weak password with one clear line and creates nothing', { timeout: 180_000 }, async () => {
    const weak = await createAdmin({ ADMIN_EMAIL: 'admin@school.example', ADMIN_PASSWORD: 'short' })
    expect(weak.code).toBe(1)
    expect(weak.out.trim()).toBe('ADMIN_PASSWORD: Password must be at least 8 characters.')
    const noEmail = await createAdmin({ ADMIN_PASSWORD: 'a-long-enough-password' })
    expect(noEmail.code).toBe(1)
    expect(noEmail.out.trim()).toBe('Set ADMIN_EMAIL to the email of the staff account to create.')
    expect((await logIn(bare.baseURL, 'admin@school.example', 'short')).status).toBe(401)
  })

  it('create-admin makes a staff account with every scope, once, and never prints the password', { timeout: 300_000 }, async () => {
    const password = `admin-${randomBytes(8).toString('hex')}`
    const first = await createAdmin({ ADMIN_EMAIL: 'Admin@School.example', ADMIN_PASSWORD: password })
    expect(first.out).toContain('Created the staff account admin@school.example with every scope.')
    expect(first.code).toBe(0)
    const again = await createAdmin({ ADMIN_EMAIL: 'admin@school.example', ADMIN_PASSWORD: password })
    expect(again.code).toBe(0)
    expect(again.out).toContain('admin@school.example already existed: it now has every scope and the password given.')
    for (const output of [first.out, again.out, log(bare)]) expect(output).not.toContain(password)

    const admin = await logIn(bare.baseURL, 'admin@school.example', password)
    expect(admin.status).toBe(200)
    expect([...(admin.body.user?.scopes ?? [])].sort()).toEqual([...allScopes].sort())
    // The only account on the site: no demo staff, and no second admin from the second run.
    const users = await (await fetch(`${bare.baseURL}/api/users?limit=10&depth=0`, { headers: { authorization: `Bearer ${admin.body.token}` } })).json()
    expect(users.docs.map((u: { email: string }) => u.email)).toEqual(['admin@school.example'])
  })
})

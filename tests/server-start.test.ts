/**
 * The real server process (`node --import tsx cms/startup/server.ts`, as `npm start` runs it) refuses to
 * start on settings that cannot work or would start a site that is not the operator's: a port
 * already taken, CONTENT_PORT equal to PORT, a database address of no known kind, a missing or
 * short secret in production, an uploads folder it cannot write. It stops with one line that
 * names the variable and what to do, no stack trace, and a non-zero exit code, instead of exiting
 * and restarting in a loop under a service manager (or serving a fresh demo site). A misspelled
 * PostgreSQL database name is in tests/instances/operator-settings.instances.ts (it needs PostgreSQL).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { freePort, runServerUntilExit } from './e2e/serverProcess'

let dir: string
let taken: net.Server

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-start-'))
  taken = net.createServer()
  await new Promise<void>((resolve) => taken.listen(0, resolve))
})
afterAll(async () => {
  await new Promise((resolve) => taken.close(resolve))
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Starts the server with these ports and waits for it to exit by itself. */
const start = (ports: { PORT: number; CONTENT_PORT: number }, more: Record<string, string> = {}) => {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DISABLE_ADMIN: 'true',
    PORT: String(ports.PORT),
    CONTENT_PORT: String(ports.CONTENT_PORT),
    DATA_DIR: dir,
    UPLOADS_DIR: path.join(dir, 'uploads'),
    DATABASE_URL: `file:${path.join(dir, 'start.db')}`,
    PAYLOAD_SECRET: 'a-secret-for-this-test-only-0123456789',
    ...more,
  }
  for (const name of ['PUBLIC_URL', 'CONTENT_URL', 'EXTRA_PUBLIC_URLS', 'TEST_POSTGRES_URL', 'APP_ROOT', 'TRUST_PROXY']) if (!(name in more)) delete env[name]
  return runServerUntilExit(env)
}

/** Loading the server's modules takes a while on a busy machine; the test waits for the exit, however long. */
const startTimeout = 240_000

const lines = (output: string) => output.split('\n').filter((line) => line.trim() !== '')

/** Two free ports, different. */
const twoPorts = async () => {
  const PORT = await freePort()
  let CONTENT_PORT = await freePort()
  while (CONTENT_PORT === PORT) CONTENT_PORT = await freePort()
  return { PORT, CONTENT_PORT }
}

/** Asserts that the start stopped by itself with exactly this one line. */
const expectOneLine = ({ code, output }: { code: number | null; output: string }, line: string) => {
  expect(code, output).not.toBe(0)
  expect(code, output).not.toBeNull()
  expect(lines(output), output).toEqual([line])
}

describe('the start stops on settings that cannot work', () => {
  it(
    'PORT already in use: one line naming PORT, no stack, a non-zero exit',
    async () => {
      const port = (taken.address() as net.AddressInfo).port
      let contentPort = await freePort()
      while (contentPort === port) contentPort = await freePort()
      expectOneLine(
        await start({ PORT: port, CONTENT_PORT: contentPort }),
        `PORT ${port} is already in use: the product cannot listen there. Stop what uses it, or set PORT to a free port.`,
      )
    },
    startTimeout,
  )

  it(
    'a DATABASE_URL of no known kind (postgress://) stops the start instead of running a fresh SQLite site',
    async () => {
      const result = await start(await twoPorts(), { DATABASE_URL: 'postgress://civics:secret@db.internal:5432/civics' })
      expectOneLine(
        result,
        'DATABASE_URL starts with "postgress:", which is not a database this server knows: use postgres://user:password@host:5432/name (PostgreSQL), file:/path/to/civics.db (SQLite), or leave it unset for data/civics.db.',
      )
      expect(fs.existsSync(path.join(dir, 'civics.db'))).toBe(false)
    },
    startTimeout,
  )

  it(
    'PAYLOAD_SECRET unset in production on a database instances share: one line naming it',
    async () => {
      // Nothing listens on port 1: the secret is refused before any connection is tried.
      const result = await start(await twoPorts(), { DATABASE_URL: 'postgres://civics:secret@127.0.0.1:1/civics', PAYLOAD_SECRET: '' })
      expectOneLine(
        result,
        'PAYLOAD_SECRET is not set: every instance would make up its own, and a session opened on one would fail on the others. Set PAYLOAD_SECRET to the same 48 random characters on every instance (openssl rand -hex 24).',
      )
    },
    startTimeout,
  )

  it(
    'a one-character PAYLOAD_SECRET in production: one line naming it',
    async () => {
      expectOneLine(
        await start(await twoPorts(), { PAYLOAD_SECRET: 'x' }),
        'PAYLOAD_SECRET is 1 characters long: it signs every session and password-reset link, so it needs at least 32. Set it to 48 random characters (openssl rand -hex 24), the same on every instance.',
      )
    },
    startTimeout,
  )

  it(
    'an UPLOADS_DIR on a read-only file system: one line naming it',
    async () => {
      // A read-only mount: permissions alone do not stop root, which CI and this test run as.
      const readOnly = path.join(dir, 'read-only')
      fs.mkdirSync(readOnly)
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=64k', 'tmpfs', readOnly])
      try {
        expectOneLine(
          await start(await twoPorts(), { UPLOADS_DIR: readOnly }),
          `UPLOADS_DIR ${readOnly} is not writable (a read-only file system): uploads would all fail. Make it writable by this process, or set UPLOADS_DIR to a folder it may write.`,
        )
      } finally {
        execFileSync('umount', ['-l', readOnly])
      }
    },
    startTimeout,
  )

  it(
    'already in use: one line naming CONTENT_PORT, no stack, a non-zero exit',
    async () => {
      const contentPort = (taken.address() as net.AddressInfo).port
      const { code, output } = await start({ PORT: await freePort(), CONTENT_PORT: contentPort })
      expect(code, output).not.toBe(0)
      expect(code, output).not.toBeNull()
      expect(lines(output), output).toEqual([
        `CONTENT_PORT ${contentPort} is already in use: the content origin (where Storyline packages play) cannot listen there. Stop what uses it, or set CONTENT_PORT to a free port.`,
      ])
    },
    startTimeout,
  )

  it(
    'equal to PORT: one line naming CONTENT_PORT, no stack, a non-zero exit',
    async () => {
      const port = await freePort()
      const { code, output } = await start({ PORT: port, CONTENT_PORT: port })
      expect(code, output).not.toBe(0)
      expect(code, output).not.toBeNull()
      expect(lines(output), output).toEqual([
        `CONTENT_PORT ${port} is the same as PORT: set CONTENT_PORT to a port of its own (the content origin, where Storyline packages play).`,
      ])
    },
    startTimeout,
  )

  it(
    'an EXTRA_PUBLIC_URLS entry that is not an address stops the start with one line naming it',
    async () => {
      const port = await freePort()
      let contentPort = await freePort()
      while (contentPort === port) contentPort = await freePort()
      const { code, output } = await start(
        { PORT: port, CONTENT_PORT: contentPort },
        { PUBLIC_URL: 'http://localhost:3000', EXTRA_PUBLIC_URLS: 'http://192.168.1.20:3000, school-server' },
      )
      expect(code, output).not.toBe(0)
      expect(code, output).not.toBeNull()
      expect(lines(output), output).toEqual(['EXTRA_PUBLIC_URLS must list http(s) addresses separated by commas; not an address: school-server'])
    },
    startTimeout,
  )
})

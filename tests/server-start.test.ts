/**
 * The real server process (`node --import tsx cms/startup/server.ts`, as `npm start` runs it) refuses to
 * start when the content origin cannot listen: CONTENT_PORT already taken, or equal to PORT. It
 * stops with one line that names CONTENT_PORT, no stack trace, and a non-zero exit code, instead
 * of exiting and restarting in a loop under a service manager.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { serverArgs } from '../scripts/serverCommand.mjs'
import { freePort, root } from './e2e/serverProcess'

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
const start = (ports: { PORT: number; CONTENT_PORT: number }, more: Record<string, string> = {}) =>
  new Promise<{ code: number | null; output: string }>((resolve, reject) => {
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
    const child = spawn(process.execPath, serverArgs(), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, output }))
  })

/** Loading the server's modules takes a while on a busy machine; the test waits for the exit, however long. */
const startTimeout = 240_000

const lines = (output: string) => output.split('\n').filter((line) => line.trim() !== '')

describe('the start stops on settings that cannot work', () => {
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

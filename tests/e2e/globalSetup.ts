import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    dataDir: string
    logFile: string
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const tail = (file: string, lines = 60) => {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n')
  } catch {
    return '(no log)'
  }
}

/** Copies the build and checks that every asset index.html names is in the copy. */
const snapshotBuild = (from: string, to: string) => {
  fs.cpSync(from, to, { recursive: true })
  const html = fs.readFileSync(path.join(to, 'index.html'), 'utf8')
  for (const [, asset] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
    if (!fs.existsSync(path.join(to, asset))) throw new Error(`web/dist changed while it was copied (no ${asset}); run the tests again`)
  }
}

/** Builds the SPA once and starts one production server on a fresh, seeded SQLite database. */
export default async function setup(project: TestProject) {
  const build = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    encoding: 'utf8',
  })
  if (build.status !== 0) throw new Error(`The web build failed:\n${build.stdout}\n${build.stderr}`)

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-e2e-'))
  // The server serves a private copy of the build (APP_ROOT/web/dist), so a rebuild of web/dist by
  // anyone else during the run cannot pull hashed chunks from under pages already loaded.
  const appRoot = path.join(dir, 'app')
  snapshotBuild(path.join(root, 'web', 'dist'), path.join(appRoot, 'web', 'dist'))
  const logFile = path.join(dir, 'server.log')
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DISABLE_ADMIN: 'true',
    PORT: String(port),
    DATA_DIR: dir,
    UPLOADS_DIR: path.join(dir, 'uploads'),
    DATABASE_URL: `file:${path.join(dir, 'e2e.db')}`,
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
    PUBLIC_URL: baseURL,
    RATE_LIMIT_FACTOR: '50',
    APP_ROOT: appRoot,
  }
  // The reset email must be logged, not sent; the tests read its link from the log.
  for (const name of ['SMTP_HOST', 'TEST_POSTGRES_URL', 'TRUST_PROXY']) delete env[name]

  const log = fs.openSync(logFile, 'a')
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'cms/server.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', log, log],
  })
  let exited: number | null | undefined
  // If vitest itself dies without running the teardown, take the server with it.
  const killOnExit = () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL')
  }
  process.once('exit', killOnExit)
  server.on('exit', (code) => {
    exited = code
    process.removeListener('exit', killOnExit)
  })

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null && server.pid) {
      server.kill('SIGTERM')
      for (let i = 0; i < 50 && server.exitCode === null && server.signalCode === null; i++) await sleep(100)
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL')
    }
    fs.closeSync(log)
    if (process.env.E2E_KEEP) console.log(`e2e: kept ${dir}`)
    else fs.rmSync(dir, { recursive: true, force: true })
  }

  const started = Date.now()
  try {
    for (;;) {
      if (exited !== undefined) throw new Error(`The server exited (code ${exited}) before it was ready:\n${tail(logFile)}`)
      if (Date.now() - started > 180_000) throw new Error(`The server did not answer /api/health within 180 s:\n${tail(logFile)}`)
      try {
        const answer = await fetch(`${baseURL}/api/health`)
        if (answer.status === 200) break
      } catch {
        // not listening yet
      }
      await sleep(250)
    }
    // The seed writes the demo logins before the server listens; make sure they are there.
    if (!fs.existsSync(path.join(dir, 'demo-logins.txt'))) throw new Error(`No demo-logins.txt in ${dir}:\n${tail(logFile)}`)
  } catch (error) {
    await stop()
    throw error
  }
  console.log(`e2e: server ready at ${baseURL} in ${((Date.now() - started) / 1000).toFixed(1)} s (log ${logFile})`)

  project.provide('baseURL', baseURL)
  project.provide('dataDir', dir)
  project.provide('logFile', logFile)
  process.env.E2E_BASE_URL = baseURL
  process.env.E2E_DATA_DIR = dir
  process.env.E2E_LOG_FILE = logFile

  return stop
}

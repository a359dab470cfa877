import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { buildServer } from '../../scripts/buildServer.mjs'
import { serverArgs } from '../../scripts/serverCommand.mjs'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })

/**
 * The bundled server (cms/dist/), built once per test process before its first server starts, so a
 * test never runs yesterday's build. `npm test` builds it at its start and says so
 * (SERVER_BUILT_FOR_TESTS). Builds at once in several processes write the same files whole.
 */
let serverBuilt: Promise<unknown> | undefined
const serverBuiltOnce = () => (serverBuilt ??= process.env.SERVER_BUILT_FOR_TESTS === 'true' ? Promise.resolve() : buildServer())

export type ServerProcessOptions = {
  name: string
  admin?: boolean
  /** Added or overridden variables; a function gets the ports chosen (to name addresses on them). */
  env?: Record<string, string | undefined> | ((ports: { port: number; contentPort: number }) => Record<string, string | undefined>)
  prepare?: (dir: string) => Record<string, string> | void
  timeoutMs?: number
  demoLogins?: boolean
  /** Called as soon as the process is spawned, before it is ready (to watch or signal its start). */
  onSpawn?: (started: { child: ChildProcess; baseURL: string }) => void
}

export type ServerProcess = {
  baseURL: string
  contentURL: string
  dir: string
  logFile: string
  /** The node process, for tests that signal it themselves. */
  child: ChildProcess
  tail: (chars?: number) => string
  stop: () => Promise<void>
}

/**
 * The real server (`cms/dist/server.mjs`, bundled from `cms/startup/server.ts`; production mode) in its own temporary folder
 * with a fresh SQLite database, seeded on start (demo accounts included, unless `env` sets
 * `SEED_DEMO_ACCOUNTS` otherwise), on a free port. `env` adds or overrides
 * variables (`undefined` removes one); `prepare` can put files in the folder before the start.
 * Emails are logged (no SMTP), so tests can read reset links from `logFile`. With `demoLogins: false`
 * the start is not expected to seed (another instance on the same database does).
 */
export const startServerProcess = async ({
  name,
  admin = false,
  env = {},
  prepare,
  timeoutMs = 180_000,
  demoLogins = true,
  onSpawn,
}: ServerProcessOptions): Promise<ServerProcess> => {
  await serverBuiltOnce()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `civics-e2e-${name}-`))
  const logFile = path.join(dir, 'server.log')
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  // The content origin (Storyline packages): another free port, same host, so same site.
  let contentPort = await freePort()
  while (contentPort === port) contentPort = await freePort()
  const contentURL = `http://127.0.0.1:${contentPort}`
  const merged: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DISABLE_ADMIN: admin ? undefined : 'true',
    PORT: String(port),
    CONTENT_PORT: String(contentPort),
    CONTENT_URL: contentURL,
    DATA_DIR: dir,
    UPLOADS_DIR: path.join(dir, 'uploads'),
    DATABASE_URL: `file:${path.join(dir, 'e2e.db')}`,
    PAYLOAD_SECRET: randomBytes(24).toString('hex'),
    PUBLIC_URL: baseURL,
    RATE_LIMIT_FACTOR: '50',
    // The browser tests and benches sign in with the demo accounts, which production seeds only when asked.
    SEED_DEMO_ACCOUNTS: 'true',
    SMTP_HOST: undefined,
    TEST_POSTGRES_URL: undefined,
    TRUST_PROXY: undefined,
    APP_ROOT: undefined,
    GOOGLE_CLIENT_ID: undefined,
    FACEBOOK_CLIENT_ID: undefined,
    ...prepare?.(dir),
    ...(typeof env === 'function' ? env({ port, contentPort }) : env),
  }
  const childEnv = Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv

  // SERVER_NODE_ARGS adds Node flags to the server alone (a bench's `--cpu-prof`, say).
  const nodeArgs = process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []
  const spawnServer = () => {
    const log = fs.openSync(logFile, 'a')
    const child = spawn(process.execPath, serverArgs(nodeArgs), { cwd: root, env: childEnv, stdio: ['ignore', log, log] })
    fs.closeSync(log)
    onSpawn?.({ child, baseURL })
    // If vitest itself dies without its teardown, take the server with it.
    const killOnExit = () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    }
    process.once('exit', killOnExit)
    child.on('exit', () => process.removeListener('exit', killOnExit))
    return child
  }
  let server = spawnServer()
  const running = () => server.exitCode === null && server.signalCode === null

  const tail = (chars = 4000) => {
    try {
      return fs.readFileSync(logFile, 'utf8').slice(-chars)
    } catch {
      return '(no log)'
    }
  }
  const stop = async () => {
    if (running()) {
      server.kill('SIGTERM')
      for (let i = 0; i < 50 && running(); i++) await sleep(100)
      if (running()) server.kill('SIGKILL')
    }
    if (process.env.E2E_KEEP) console.log(`e2e: kept ${dir}`)
    else fs.rmSync(dir, { recursive: true, force: true })
  }

  /**
   * Exit code 13 before the server's first line: Node ended the process (its exit for a module
   * evaluation that never settles) before any of the server's code had run: seen while tsx's loader
   * thread loaded the sources (1 start in 123), and with Node 20 importing the bundle's instance
   * chunk until the entry kept the process running meanwhile (cms/startup/server.ts). Such a start
   * is made again, once; any other early exit fails the start.
   */
  const diedLoadingModules = () => server.exitCode === 13 && tail().trim() === ''
  let respawned = false
  const started = Date.now()
  try {
    for (;;) {
      if (!running() && diedLoadingModules() && !respawned) {
        console.log(`e2e: the ${name} server exited with code 13 before printing anything (Node's "unsettled module" exit); starting it again`)
        respawned = true
        server = spawnServer()
      }
      if (!running()) throw new Error(`The ${name} server exited (code ${server.exitCode}) before it was ready:\n${tail()}`)
      if (Date.now() - started > timeoutMs) throw new Error(`The ${name} server did not answer /api/health within ${timeoutMs / 1000} s:\n${tail()}`)
      try {
        if ((await fetch(`${baseURL}/api/health`)).status === 200) break
      } catch {
        // not listening yet
      }
      await sleep(250)
    }
    // The seed writes the demo logins before the server listens; make sure they are there.
    if (demoLogins && !fs.existsSync(path.join(merged.DATA_DIR as string, 'demo-logins.txt'))) throw new Error(`No demo-logins.txt in ${dir}:\n${tail()}`)
  } catch (error) {
    await stop()
    throw error
  }
  console.log(`e2e: ${name} server ready at ${baseURL} in ${((Date.now() - started) / 1000).toFixed(1)} s (log ${logFile})`)
  return { baseURL, contentURL, dir, logFile, child: server, tail, stop }
}

/**
 * Several server processes started at the same moment (instances of one deployment). If one fails
 * to start, the others are stopped before the error goes on: left running, they outlived the
 * caller's teardown (which had none of them to stop), and one re-created the database it dropped.
 */
export const startServerProcesses = async (options: ServerProcessOptions[]): Promise<ServerProcess[]> => {
  const results = await Promise.allSettled(options.map(startServerProcess))
  const failed = results.find((result): result is PromiseRejectedResult => result.status === 'rejected')
  if (!failed) return results.map((result) => (result as PromiseFulfilledResult<ServerProcess>).value)
  await Promise.all(results.map((result) => (result.status === 'fulfilled' ? result.value.stop() : undefined)))
  throw failed.reason
}

/**
 * The server process with exactly this environment, for a start expected to stop by itself: its
 * exit code and everything it printed (stdout and stderr, in order of arrival).
 */
export const runServerUntilExit = async (env: NodeJS.ProcessEnv) => {
  await serverBuiltOnce()
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, serverArgs(), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, output }))
  })
}

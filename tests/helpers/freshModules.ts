import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { vi } from 'vitest'

/**
 * Each API test file starts as if in a process of its own, in a worker that runs several files
 * one after another (`isolate: false`, vitest.config.ts): the libraries (Payload, Next, drizzle)
 * stay loaded, which is what made every file's start slow, while the project's own modules are
 * evaluated again, so the config, caches, rate limiters and change signal are read from this file's
 * environment. Variables an earlier file set are taken back first, and Payload's instance cache
 * (`getPayload`, keyed in `global._payload`, not emptied by `payload.destroy`) is emptied, so this
 * file's server is made from this file's config.
 */
const startKey = Symbol.for('civics360.testWorkerEnvironment')
const worker = globalThis as { [startKey]?: Record<string, string | undefined>; _payload?: Map<unknown, unknown> }
const firstFile = !worker[startKey]
const atStart = (worker[startKey] ??= { ...process.env })

if (firstFile) {
  // The server's modules, libraries and project code, loaded once per worker here rather than in
  // the first file's `beforeAll`, whose time limit is for starting a server. Loaded with a scratch
  // environment (the config reads it), then forgotten below: the libraries stay loaded, and the
  // project's code is evaluated again, from its compiled copy, for each file.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-warm-'))
  Object.assign(process.env, {
    DATABASE_URL: `file:${path.join(scratch, 'unused.db')}`,
    DATA_DIR: scratch,
    UPLOADS_DIR: path.join(scratch, 'uploads'),
  })
  await import('@cms/startup/boot')
  await import('@cms/http/expressApp')
  await import('@cms/packages/content/app')
  fs.rmSync(scratch, { recursive: true, force: true })
}

for (const name of Object.keys(process.env)) if (!(name in atStart)) delete process.env[name]
Object.assign(process.env, atStart)
vi.resetModules()
worker._payload?.clear()

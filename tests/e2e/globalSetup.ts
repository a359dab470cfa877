import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import type { TestProject } from 'vitest/node'

import { root, startServerProcess } from './serverProcess'
import { e2eWorkers } from './workers'

/** One server's addresses and folders, as the browser tests reach them. */
export type E2EServer = { baseURL: string; contentURL: string; dataDir: string; logFile: string }

declare module 'vitest' {
  export interface ProvidedContext {
    servers: E2EServer[]
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

/** Builds the SPA once and starts a production server on a fresh, seeded SQLite database per worker. */
export default async function setup(project: TestProject) {
  // A production build, as users get: vitest sets NODE_ENV=test, under which Vite built React's
  // development bundle unminified (and left it in web/dist, where `npm start` then served it).
  // `npm test` has made that build already, at its start (WEB_BUILT_FOR_TESTS).
  if (process.env.WEB_BUILT_FOR_TESTS !== 'true') {
    const build = spawnSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    })
    if (build.status !== 0) throw new Error(`The web build failed:\n${build.stdout}\n${build.stderr}`)
  }

  const started = await Promise.all(
    Array.from({ length: e2eWorkers() }, (_, i) =>
      startServerProcess({
        name: `shared-${i + 1}`,
        // The server serves a private copy of the build (APP_ROOT/web/dist), so a rebuild of web/dist by
        // anyone else during the run cannot pull hashed chunks from under pages already loaded.
        prepare: (dir) => {
          const appRoot = path.join(dir, 'app')
          snapshotBuild(path.join(root, 'web', 'dist'), path.join(appRoot, 'web', 'dist'))
          // The server's clock for due times (cms/attempts/clock.ts): a test moves it by writing an
          // offset there (testClock.ts), and sets it back before the next file runs.
          // The login path is warmed with 20 refusals instead of 200 (as in the several-instances suite):
          // still warm, for a fraction of the hashing (cms/startup/warmLoginPath.ts).
          return { APP_ROOT: appRoot, TEST_CLOCK_FILE: path.join(dir, 'clock'), WARM_UP_LOGINS: '20' }
        },
      }),
    ),
  )

  project.provide(
    'servers',
    started.map((server) => ({ baseURL: server.baseURL, contentURL: server.contentURL, dataDir: server.dir, logFile: server.logFile })),
  )

  return async () => {
    await Promise.all(started.map((server) => server.stop()))
  }
}

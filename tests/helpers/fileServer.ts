import { afterAll, beforeAll } from 'vitest'

import { Actors } from './actors'
import { startServer, type TestServer } from './server'

/**
 * The set-up most API test files share: this file's server (`startServer`, with `options`) started
 * before its tests and closed after them, and actors on it. Call it at the top of the file; its
 * `beforeAll` runs before the file's own, its `afterAll` after the file's own. The objects returned
 * are filled in when the server is up, so the file's tests use them as they are. `timeout` is the
 * start's time limit, when it needs more than vitest.config.ts gives a hook (a seeded start).
 */
export const serverForFile = (options: Parameters<typeof startServer>[0] = {}, timeout?: number) => {
  const server = {} as TestServer
  const actors = Object.create(Actors.prototype) as Actors
  let started: TestServer | undefined
  beforeAll(async () => {
    started = await startServer(options)
    Object.assign(server, started)
    Object.assign(actors, new Actors(started.payload, started.base))
  }, timeout)
  afterAll(() => started?.close())
  return { server, actors }
}

import os from 'node:os'

import { Piscina } from 'piscina'
import { setArgon2Runner } from 'payload'

/**
 * Payload's password hashing (argon2id, `patches/payload+3.90.1.patch`) on threads of its own,
 * one per core. By default it runs on libuv's pool of four threads, the same threads that read
 * every static file, compress answers and look up hosts: a class of 200 logging in queued 200
 * hashes ahead of them, and anyone else's script or stylesheet waited for the whole rush (2.3 s
 * measured). Here a hash waits only for other hashes, and the threads run at a lower priority
 * than the JavaScript thread, which serves everyone else meanwhile.
 *
 * Tasks are handed to a thread as they come (many per thread), so the next hash starts as soon
 * as the last ends, without waiting for the busy JavaScript thread to pass it on.
 */
/** The threads are the process's, not this module's: a second copy of the module (a test runner's fresh module graph per file) uses them too instead of starting more. */
const poolKey = Symbol.for('civics360.argon2Threads')
const processWide = globalThis as { [poolKey]?: Piscina }

/** Starts the threads once; each call (again) makes them Payload's hasher. */
export const hashPasswordsOnWorkerThreads = () => {
  const threads = os.availableParallelism()
  const pool = (processWide[poolKey] ??= new Piscina({
    filename: new URL('./argon2Worker.mjs', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    concurrentTasksPerWorker: 1000,
    idleTimeout: Infinity,
    niceIncrement: 5,
  }))
  const run = pool.run.bind(pool)
  setArgon2Runner({
    hash: (password, options) => run({ password, options }),
    verify: (hash, password) => run({ hash, password }),
  })
}

import os from 'node:os'

import { Piscina } from 'piscina'

import { setArgon2Runner, verifyPasswordHash } from './patchedPayload'

/**
 * Payload's password hashing (argon2id, `patches/payload+3.90.1.patch`) on threads of its own,
 * one per core. By default it runs on libuv's pool of four threads, the same threads that read
 * every static file, compress answers and look up hosts: a class logging in queued its hashes
 * ahead of them, and anyone else's script or stylesheet waited for the whole rush. Here a hash
 * waits only for other hashes, and the threads run at a lower priority than the JavaScript
 * thread, which serves everyone else meanwhile.
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

/**
 * An argon2id hash of `knownPassword` with the parameters the patch writes (12 MiB, 3 passes, 1
 * lane), made once with `@node-rs/argon2` and a fixed salt.
 */
const knownPassword = 'civics360 start-up check'
const knownHash = '$argon2id$v=19$m=12288,t=3,p=1$BwcHBwcHBwcHBwcHBwcHBw$KNz/Pmgx9fUh+pAFfRiRb+g+C1VuWUA364bo3A/jZEI'

/**
 * Refuses to start when Payload's password check does not verify argon2id hashes: stored hashes
 * are argon2id, so such a server would refuse every account (patches/README.md). The check goes
 * through Payload's exported verifier, the one its login and the current-password check use.
 */
export const checkPasswordHashing = async () => {
  const stored = { hash: knownHash, salt: 'unused by argon2id' }
  const accepts = await verifyPasswordHash(stored, knownPassword)
  const refuses = !(await verifyPasswordHash(stored, `${knownPassword}!`))
  if (!accepts || !refuses) {
    throw new Error(
      'Payload does not verify argon2id password hashes (patches/payload+3.90.1.patch, generatePasswordSaltHash.js): ' +
        'starting would refuse every account. See patches/README.md and docs/upgrading.md.',
    )
  }
}

import { randomUUID } from 'node:crypto'

import { AuthenticationError, type Payload } from 'payload'

import { cachedAccountDocument } from '@cms/cache'

/** How many refused logins (and as many reads) warm the path, unless WARM_UP_LOGINS says otherwise (0: none). */
const defaultRounds = 200
/** Logins or reads in flight at once: more than a pool's connections, so every connection runs each statement. */
const inFlight = 20

/** Runs `step` `rounds` times, `inFlight` at once. */
const inTurns = async (rounds: number, step: () => Promise<unknown>) => {
  let left = rounds
  await Promise.all(
    Array.from({ length: Math.min(inFlight, rounds) }, async () => {
      while (left-- > 0) await step()
    }),
  )
}

/** A login refused: no account has this username (44 characters: longer than any, `usernamePattern`, and not an email). */
const refusedLogin = async (payload: Payload) => {
  try {
    await payload.login({ collection: 'users', data: { username: `warm-up-${randomUUID()}`, password: randomUUID() }, depth: 0 })
  } catch (error) {
    if (!(error instanceof AuthenticationError)) throw error
  }
}

/** No account has this id: the SQL adapters count ids from 1. */
const noAccount = 0

/**
 * The reads only a successful login makes, of an account that does not exist: Payload's re-read of
 * the lock after the password check (its query as `login.js` makes it) and the account read by id
 * that answers the login (`cachedAccountDocument`, with its shared version). Found nothing, cached nothing.
 */
const successfulLoginReads = async (payload: Payload) => {
  await payload.db.findOne({ collection: 'users', select: { lockUntil: true, loginAttempts: true }, where: { id: { equals: noAccount } } })
  await cachedAccountDocument(payload, noAccount)
}

/**
 * Runs Payload's login for accounts that cannot exist, then the reads a successful login adds, before
 * the instance serves. A process just started runs the login path in V8's interpreter and baseline
 * code, and each new PostgreSQL connection plans each named statement five times before it keeps a
 * generic plan: without the warm-up the first class after a deploy pays for both, in the server's
 * CPU and in PostgreSQL's (docs/adr/warm-up-before-ready.md). A refusal goes through the same operation as a login up to the password check (the lookup on every
 * connection of the pool, the password hashing threads, a hash's worth of work) and writes nothing:
 * there is no account to count a failed attempt against. Nor do the reads: they find no account.
 */
export async function warmLoginPath(payload: Payload, rounds = Number(process.env.WARM_UP_LOGINS ?? defaultRounds)) {
  if (!(rounds > 0)) return
  const started = performance.now()
  await inTurns(rounds, () => refusedLogin(payload))
  // MongoDB's ids are not numbers, and it keeps no plans to warm.
  const reads = payload.db.defaultIDType === 'number' ? rounds : 0
  await inTurns(reads, () => successfulLoginReads(payload))
  payload.logger.info(
    `Warmed the login path before serving: ${rounds} refused logins and ${reads} reads of a login that succeeds in ${Math.round(performance.now() - started)} ms`,
  )
}

import { randomUUID } from 'node:crypto'

import { AuthenticationError, type Payload } from 'payload'

/** How many refused logins warm the path, unless WARM_UP_LOGINS says otherwise (0: none). */
const defaultRounds = 200
/** Refusals in flight at once: more than a pool's connections, so every connection runs the lookup. */
const inFlight = 20

/**
 * Runs Payload's login for accounts that cannot exist, before the instance serves (issue 12). A
 * process just started runs the login path in V8's interpreter and baseline code, and each new
 * PostgreSQL connection plans the account lookup five times before it keeps a generic plan: the
 * first class after a deploy paid for both (servers' CPU 22-26 ms a login against 17-19 for the next
 * class). A refusal goes through the same operation as a login up to the password check (the
 * lookup on every connection of the pool, the password hashing threads, a hash's worth of work)
 * and writes nothing: there is no account to count a failed attempt against.
 */
export async function warmLoginPath(payload: Payload, rounds = Number(process.env.WARM_UP_LOGINS ?? defaultRounds)) {
  if (!(rounds > 0)) return
  const started = performance.now()
  let left = rounds
  await Promise.all(
    Array.from({ length: Math.min(inFlight, rounds) }, async () => {
      while (left-- > 0) {
        try {
          // 44 characters: longer than any username (`usernamePattern`), and not an email.
          await payload.login({ collection: 'users', data: { username: `warm-up-${randomUUID()}`, password: randomUUID() }, depth: 0 })
        } catch (error) {
          if (!(error instanceof AuthenticationError)) throw error
        }
      }
    }),
  )
  payload.logger.info(`Warmed the login path before serving: ${rounds} refused logins in ${Math.round(performance.now() - started)} ms`)
}

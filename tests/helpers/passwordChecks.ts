import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2'
import { setArgon2Runner } from 'payload'

import { hashPasswordsOnWorkerThreads } from '@cms/auth/passwordHashing'

/**
 * How many password checks (argon2 verifications) the server in this process made while `run`
 * ran. Counted, not timed: on a loaded machine (the other test lane) a timing varies more than
 * the ~1 ms an unknown account took without a check and the 10-25 ms of one check.
 */
export const passwordChecksDuring = async (run: () => Promise<unknown>) => {
  let checks = 0
  setArgon2Runner({
    hash: argon2Hash,
    verify: (hash, password) => {
      checks++
      return argon2Verify(hash, password)
    },
  })
  try {
    await run()
  } finally {
    hashPasswordsOnWorkerThreads()
  }
  return checks
}

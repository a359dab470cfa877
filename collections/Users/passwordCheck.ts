import { pbkdf2, randomBytes, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'

const pbkdf2Async = promisify(pbkdf2)

/**
 * Payload 3.90's local-strategy hash parameters (payload/dist/auth/strategies/local/
 * generatePasswordSaltHash.js), which Payload does not export. Two rules need them: checking the
 * current password before an email or password change, and spending the same time on a login
 * for an unknown account. `passwordCheck.test.ts` checks them against a hash Payload made, so an
 * upgrade that changes them fails a test instead of locking people out.
 */
const currentPrefix = 'pbkdf2-sha256-v1:'
const current = { iterations: 600_000, keyLength: 32 }
const legacy = { iterations: 25_000, keyLength: 512 }

type StoredPassword = { hash?: unknown; salt?: unknown }

/** True when `password` matches the stored hash and salt. */
export const passwordMatches = async ({ hash, salt }: StoredPassword, password: string): Promise<boolean> => {
  if (typeof hash !== 'string' || typeof salt !== 'string') return false
  const isCurrent = hash.startsWith(currentPrefix)
  const { iterations, keyLength } = isCurrent ? current : legacy
  const stored = Buffer.from(isCurrent ? hash.slice(currentPrefix.length) : hash, 'hex')
  const computed = await pbkdf2Async(password, salt, iterations, keyLength, 'sha256')
  return computed.length === stored.length && timingSafeEqual(computed, stored)
}

/** The work of one password check against nothing: a login for an unknown account takes as long as a wrong password. */
export const spendPasswordCheckTime = async (password: string): Promise<void> => {
  await pbkdf2Async(password, randomBytes(32).toString('hex'), current.iterations, current.keyLength, 'sha256')
}

import type { CollectionBeforeLoginHook, Payload, PayloadRequest } from 'payload'
import { commitTransaction, initTransaction, killTransaction } from 'payload'

import { accountChanged } from '@cms/cache'

/**
 * Live sessions one account keeps. Every login adds one (Payload drops the expired ones then);
 * past this number the oldest ends, so a pupil who logs in on every class laptop does not carry
 * hundreds of rows that every authenticated request reads. Ten covers a person's devices.
 */
export const maxSessionsPerUser = 10

export type SessionHolder = { id: number | string; sessions?: unknown[] | null; identities?: unknown[] | null }

const createdAt = (session: unknown) => new Date((session as { createdAt?: string | Date }).createdAt ?? 0).getTime()

/**
 * Stores an account's sessions as given. The SQL adapters rewrite every array field of the
 * account from the data of a write that names any, and empty the ones it leaves out: the write
 * names the linked social accounts too, or they would be lost (read first when the caller's
 * account does not carry them).
 */
export const writeSessions = async (payload: Payload, req: PayloadRequest, user: SessionHolder, sessions: unknown[]) => {
  const identities =
    user.identities !== undefined
      ? user.identities
      : (await payload.db.findOne<SessionHolder>({ collection: 'users', where: { id: { equals: user.id } }, select: { identities: true }, req }))?.identities
  // The rewrite is several statements: in the caller's transaction, or in one of its own (a
  // password login that only appended its session runs without one: patches/payload).
  const ownTransaction = await initTransaction(req)
  try {
    await payload.db.updateOne({ collection: 'users', id: user.id, data: { sessions, identities: identities ?? [] }, req, returning: false })
    if (ownTransaction) await commitTransaction(req)
  } catch (error) {
    if (ownTransaction) await killTransaction(req)
    throw error
  }
  // Said again once committed: outside an API request (a social sign-in) the write's own
  // announcement reaches the other instances before the commit, and one could cache the old
  // sessions meanwhile.
  accountChanged(user.id)
}

/**
 * Keeps the newest `maxSessionsPerUser` sessions, by when each began: a login appends its session
 * to the sessions table alone (patches/payload: one insert, whose stored order restarts at 1), so
 * the stored order does not tell.
 */
export const endOldestSessions = async (payload: Payload, req: PayloadRequest, user: SessionHolder) => {
  const sessions = user.sessions ?? []
  if (sessions.length <= maxSessionsPerUser) return
  user.sessions = [...sessions].sort((a, b) => createdAt(a) - createdAt(b)).slice(-maxSessionsPerUser)
  await writeSessions(payload, req, user, user.sessions)
}

/** Runs after Payload has stored the new session of a password login (in its transaction, when it has one). */
export const limitSessions: CollectionBeforeLoginHook = async ({ req, user }) => {
  await endOldestSessions(req.payload, req, user as SessionHolder)
  return user
}

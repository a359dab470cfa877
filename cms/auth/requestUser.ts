import type { Payload, TypedUser } from 'payload'
import { executeAuthStrategies } from 'payload'

/**
 * The signed-in user of a request, by the configured auth strategies (the cached-account JWT check
 * first), as `payload.auth` finds it, without what `payload.auth` adds: every collection's and
 * field's permissions for that user, computed on each call (a third of a signed-in page's
 * server time on SQLite, and nothing here reads them).
 */
export const requestUser = async (payload: Payload, headers: Headers): Promise<TypedUser | null> =>
  (await executeAuthStrategies({ headers, payload, canSetHeaders: false })).user ?? null

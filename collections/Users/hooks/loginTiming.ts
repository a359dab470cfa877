import type { CollectionBeforeOperationHook } from 'payload'
import { spendPasswordHashTime } from 'payload'

/** Set by the HTTP login doors (`logIn`), whose refusals all take one fixed minimum time instead. */
export const refusalsTakeAFloor = 'refusalsTakeAFloor'

/**
 * A login for an account that does not exist costs one password hash, like a wrong password for
 * one that does, so response times do not tell an attacker which usernames and emails exist.
 * (Payload answers an unknown account at once.) Runs on every login path that does not answer
 * refusals no sooner than a fixed floor: the HTTP doors (/api/login, /api/users/login, the admin
 * panel) do, so there the account lookup it costs every login (a query) is skipped; the Local API
 * has none.
 */
export const equalLoginTiming: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login' || req.context[refusalsTakeAFloor]) return args
  const data = (args.data ?? {}) as { email?: unknown; username?: unknown; password?: unknown }
  const login = [data.username, data.email].find((value): value is string => typeof value === 'string' && value.trim() !== '')
  if (!login || typeof data.password !== 'string') return args
  const name = login.trim().toLowerCase()
  const { totalDocs } = await req.payload.count({
    collection: 'users',
    where: { or: [{ username: { equals: name } }, { email: { equals: name } }] },
    overrideAccess: true,
    req,
  })
  if (totalDocs === 0) await spendPasswordHashTime(data.password)
  return args
}

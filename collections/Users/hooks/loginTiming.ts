import type { CollectionBeforeOperationHook } from 'payload'
import { spendPasswordHashTime } from 'payload'

/**
 * A login for an account that does not exist costs one password hash, like a wrong password for
 * one that does, so response times do not tell an attacker which usernames and emails exist.
 * (Payload answers an unknown account at once.) Runs on every login path: /api/login,
 * /api/users/login, the admin panel and the Local API.
 */
export const equalLoginTiming: CollectionBeforeOperationHook = async ({ args, operation, req }) => {
  if (operation !== 'login') return args
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

import type { UserDoc } from '../api/consoleTypes'

export function userName(user: UserDoc): string {
  const full = [user.attributes?.firstName, user.attributes?.lastName].filter(Boolean).join(' ')
  return user.displayName || full || user.email || user.username || `User ${user.id}`
}

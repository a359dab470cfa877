/** The staff scopes. The first eight are the spec's; users:* and tickets:* gate the console's
 * users and tickets screens (see docs/decisions.md). */
export const contentScopes = [
  'pages:write',
  'pages:delete',
  'modules:write',
  'modules:delete',
  'topics:write',
  'topics:delete',
  'activities:write',
  'activities:delete',
] as const

export const allScopes = [
  ...contentScopes,
  'users:read',
  'users:write',
  'tickets:read',
  'tickets:write',
] as const

export type Scope = (typeof allScopes)[number]

type WithScopes = { scopes?: readonly string[] | null } | null | undefined

export const userHasScope = (user: WithScopes, scope: Scope): boolean =>
  Boolean(user?.scopes?.includes(scope))

export const userHasAnyScope = (user: WithScopes, scopes: readonly Scope[] = allScopes): boolean =>
  scopes.some((scope) => userHasScope(user, scope))

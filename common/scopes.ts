/** The staff scopes. The first eight are the spec's; users:* and tickets:* gate the console's
 * users and tickets screens (see docs/adr/access-scopes.md). */
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

export const allScopes = [...contentScopes, 'users:read', 'users:write', 'tickets:read', 'tickets:write'] as const

export type Scope = (typeof allScopes)[number]

/**
 * Which scopes gate each staff-edited collection: `write` for create and update, `delete` for
 * delete, `read` where reading is gated too. The server's access rules, the admin panel's menu and
 * the web console's sections all read this one map. Posts are editorial content like pages, so the
 * pages scopes gate them; users and tickets have no delete scope of their own (write covers it).
 */
export const collectionScopes = {
  topics: { write: 'topics:write', delete: 'topics:delete' },
  modules: { write: 'modules:write', delete: 'modules:delete' },
  activities: { write: 'activities:write', delete: 'activities:delete' },
  // Benchmarks are curriculum data that content staff keep with the modules they tag.
  benchmarks: { write: 'modules:write', delete: 'modules:delete' },
  pages: { write: 'pages:write', delete: 'pages:delete' },
  posts: { write: 'pages:write', delete: 'pages:delete' },
  users: { read: 'users:read', write: 'users:write', delete: 'users:write' },
  tickets: { read: 'tickets:read', write: 'tickets:write', delete: 'tickets:write' },
  // District roster imports change accounts: users:write runs them, users:read may read them.
  'roster-imports': { read: 'users:read', write: 'users:write', delete: 'users:write' },
} as const satisfies Record<string, { read?: Scope; write: Scope; delete: Scope }>

/** Who sees the benchmarks' coverage: the staff who tag modules and activities with them. */
export const coverageScopes = ['modules:write', 'modules:delete', 'activities:write', 'activities:delete'] as const satisfies readonly Scope[]

export type StaffCollection = keyof typeof collectionScopes
export type ScopedAction = 'write' | 'delete'

/** Every scope that gates a collection: holding any one shows it in the console and the admin panel. */
export const scopesOf = (collection: StaffCollection): Scope[] => [...new Set<Scope>(Object.values(collectionScopes[collection]))]

type WithScopes = { scopes?: readonly string[] | null } | null | undefined

export const userHasScope = (user: WithScopes, scope: Scope): boolean => Boolean(user?.scopes?.includes(scope))

export const userHasAnyScope = (user: WithScopes, scopes: readonly Scope[] = allScopes): boolean => scopes.some((scope) => userHasScope(user, scope))

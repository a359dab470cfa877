import { Link } from 'react-router-dom'
import { ConsoleList, type Column } from './ConsoleList'
import type { UserDoc } from './consoleTypes'
import { userName } from './userName'

const columns: Column<UserDoc>[] = [
  { header: 'Name', cell: (user) => <Link to={`/console/users/${user.id}`}>{userName(user)}</Link> },
  { header: 'Email', cell: (user) => user.email ?? '' },
  { header: 'Username', cell: (user) => user.username ?? '' },
  { header: 'Type', cell: (user) => user.attributes?.type ?? '' },
  { header: 'Scopes', cell: (user) => (user.scopes ?? []).join(', ') },
]

const SORTS = [
  { value: '-createdAt', label: 'Newest' },
  { value: 'email', label: 'Email' },
  { value: 'attributes.lastName', label: 'Last name' },
]

/** Email, username or last name, as docs/api.md's users search. */
function searchUsers(q: string): [string, string][] {
  return [
    ['where[or][0][email][like]', q],
    ['where[or][1][username][like]', q],
    ['where[or][2][attributes.lastName][like]', q],
  ]
}

/** /console/users, for users:read and users:write holders. */
export function UsersPage() {
  return <ConsoleList<UserDoc> collection="users" columns={columns} sortOptions={SORTS} search={searchUsers} emptyText="No users." />
}

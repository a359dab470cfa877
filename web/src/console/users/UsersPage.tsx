import { useTranslation } from '../../i18n/useTranslation'
import { Link } from 'react-router-dom'
import { ConsoleList, type Column } from '../ConsoleList'
import type { UserDoc } from '../api/consoleTypes'
import { userName } from './userName'
import { USERS_LIST_FIELDS } from './usersListFields'

const columns: Column<UserDoc>[] = [
  { header: 'console.columns.name', cell: (user) => <Link to={`/console/users/${user.id}`}>{userName(user)}</Link> },
  { header: 'console.columns.email', cell: (user) => user.email ?? '' },
  { header: 'console.columns.username', cell: (user) => user.username ?? '' },
  { header: 'console.columns.type', cell: (user) => user.attributes?.type ?? '' },
  { header: 'console.columns.scopes', cell: (user) => (user.scopes ?? []).join(', ') },
]

const SORTS = [
  { value: '-createdAt', label: 'console.sort.newest' },
  { value: 'email', label: 'console.columns.email' },
  { value: 'attributes.lastName', label: 'console.sort.lastName' },
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
  const { t } = useTranslation()
  return (
    <ConsoleList<UserDoc>
      collection="users"
      columns={columns}
      sortOptions={SORTS}
      search={searchUsers}
      select={USERS_LIST_FIELDS}
      emptyText={t('console.users.none')}
    />
  )
}

import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import { UserSidebar } from './UserSidebar'

/** The user area's frame: the sidebar (once the profile is completed) and the current screen. */
export function UserLayout() {
  const { user } = useSession()
  const hasSidebar = Boolean(user?.attributes?.completed)
  return (
    <div className={hasSidebar ? 'user-area with-sidebar' : 'user-area'}>
      <UserSidebar user={user} />
      <div className="user-content">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  )
}

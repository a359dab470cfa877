import type { ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'

/** Sends anonymous visitors to /login with the path they asked for. */
export function RequireLogin({ children }: { children?: ReactNode }) {
  const { ready, user } = useSession()
  const location = useLocation()
  if (!ready) return <Loading />
  if (!user) {
    const redirect = encodeURIComponent(location.pathname + location.search)
    return <Navigate replace to={`/login?redirect=${redirect}`} />
  }
  return children ?? <Outlet />
}

import { useRef, type ReactNode } from 'react'
import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'

/** Sends anonymous visitors to /login with the path they asked for. */
export function RequireLogin({ children }: { children?: ReactNode }) {
  const { ready, user } = useSession()
  const location = useLocation()
  // Whether a user was signed in while this screen was shown. Logging out from a login-only screen
  // goes home (spec section 4); without this, the redirect to /login rendered when the user is
  // cleared could land after the menu's navigation to / and win the race.
  const signedIn = useRef(false)
  if (user) signedIn.current = true
  if (!ready) return <Loading />
  if (!user) {
    if (signedIn.current) return <Navigate replace to="/" />
    const redirect = encodeURIComponent(location.pathname + location.search)
    return <Navigate replace to={`/login?redirect=${redirect}`} />
  }
  return children ?? <Outlet />
}

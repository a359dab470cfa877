import { Outlet } from 'react-router-dom'
import { isStudent } from '../session/scopes'
import { useSession } from '../session/useSession'
import { NotFound } from '../ui/NotFound'

/** Accounts and Classrooms are not for students (spec section 6). */
export function RequireEducator() {
  const { user } = useSession()
  return isStudent(user) ? <NotFound /> : <Outlet />
}

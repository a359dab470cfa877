import { Link, NavLink } from 'react-router-dom'
import { useSession } from '../session/useSession'
import { PRODUCT_NAME } from '../ui/useDocumentTitle'
import { AccountMenu } from './AccountMenu'
import { ModeToggle } from './ModeToggle'

export function Header() {
  const { user } = useSession()
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand">
          {PRODUCT_NAME}
        </Link>
        <nav aria-label="Main" className="main-nav">
          <NavLink to="/topics">Topics</NavLink>
          <NavLink to="/help">Help</NavLink>
        </nav>
        <div className="header-actions">
          <ModeToggle />
          {user ? (
            <AccountMenu />
          ) : (
            <>
              <Link to="/login" className="header-link">
                Log in
              </Link>
              <Link to="/signup" className="button button-primary button-small">
                Sign up
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  )
}

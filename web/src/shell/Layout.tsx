import { lazy, Suspense, useEffect, useRef } from 'react'
import { useTranslation } from '../i18n/useTranslation'
import { Outlet, useLocation } from 'react-router-dom'
import { needsEmailConfirmation } from '../auth/emailConfirmation'
import { withScreensEnglish } from '../i18n/i18n'
import { OfflineNotice } from '../offline/OfflineNotice'
import { useSession } from '../session/useSession'
import { Loading } from '../ui/Loading'
import { Footer } from './Footer'
import { Header } from './Header'
import { ScreenFailed } from './ScreenFailed'
import { SiteBusyNotice } from './SiteBusyNotice'

// Only a signed-in user with an unconfirmed email sees it: visitors do not download it (nor the
// `Trans` it uses).
const ConfirmEmailNotice = lazy(() => withScreensEnglish(import('../auth/ConfirmEmailNotice')).then((m) => ({ default: m.ConfirmEmailNotice })))

export function Layout() {
  const { user } = useSession()
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const main = useRef<HTMLElement>(null)
  const firstRender = useRef(true)
  useEffect(() => {
    window.scrollTo?.(0, 0)
    // After a client-side navigation, screen-reader and keyboard users start at the new page's
    // content, as they would after a full page load (not on the first load: the browser does that).
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    const frame = requestAnimationFrame(() => {
      if (!document.querySelector('[role="dialog"]')) main.current?.focus({ preventScroll: true })
    })
    return () => cancelAnimationFrame(frame)
  }, [pathname])

  return (
    <div className="app">
      <a href="#main" className="skip-link">
        {t('shell.skipLink')}
      </a>
      <Header />
      <main id="main" ref={main} tabIndex={-1} className="site-main">
        <SiteBusyNotice />
        <OfflineNotice />
        {needsEmailConfirmation(user) && (
          <Suspense fallback={null}>
            <ConfirmEmailNotice />
          </Suspense>
        )}
        <ScreenFailed resetKey={pathname}>
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </ScreenFailed>
      </main>
      <Footer />
    </div>
  )
}

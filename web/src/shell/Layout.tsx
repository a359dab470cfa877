import { Suspense, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router-dom'
import { ConfirmEmailNotice } from '../auth/ConfirmEmailNotice'
import { Loading } from '../ui/Loading'
import { Footer } from './Footer'
import { Header } from './Header'

export function Layout() {
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
        <ConfirmEmailNotice />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  )
}

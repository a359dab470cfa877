import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { readPageData } from './api/pageData'
import { applyLanguage, languageOf } from './i18n/language'
import { swrConfig } from './api/swrConfig'
import { loadSessionLanguage, loadStoredPreferences, sessionPreferences } from './session/preferences'
import { SessionProvider } from './session/SessionProvider'
import { App, preloadScreens } from './shell/App'
import { applyPreferences } from './shell/applyPreferences'
import './shell/base.css'
import './shell/themes/civics.css'

const pageData = readPageData()
const preferences = pageData.user ? sessionPreferences(pageData.user, loadSessionLanguage(pageData.user)) : loadStoredPreferences()
// Apply the theme before the first paint, so the page does not flash the default.
applyPreferences(preferences)

// Pages opened here open again when the Wi-Fi drops (web/src/offline/sw.ts). The worker is
// registered once the page has loaded, never competing with the first render nor in the entry.
const registerServiceWorker = () => void import('./offline/serviceWorker').then((offline) => offline.registerServiceWorker()).catch(() => undefined)
if (document.readyState === 'complete') registerServiceWorker()
else window.addEventListener('load', registerServiceWorker, { once: true })

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

// The first render waits for the chosen language's catalogue (English is bundled; the others are a
// small chunk) and for the chunks of the screens this address shows, fetched side by side.
void Promise.all([applyLanguage(languageOf(preferences)), preloadScreens(window.location.pathname)]).finally(() => {
  const root = createRoot(container)
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page: on a slow school laptop the page answers a tap
  // while it renders (Lighthouse's Total Blocking Time: docs/performance.md).
  startTransition(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <SWRConfig value={swrConfig}>
            {/* Without injected page data (the Vite dev server), ask the API who is logged in. */}
            <SessionProvider initialUser={pageData.user} fetchUser={pageData.csrfToken === null && pageData.user === null}>
              <App />
            </SessionProvider>
          </SWRConfig>
        </BrowserRouter>
      </StrictMode>,
    ),
  )
})

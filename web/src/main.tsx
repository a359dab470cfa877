import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { SWRConfig } from 'swr'
import { readPageData } from './api/pageData'
import { swrConfig } from './api/swrConfig'
import { loadStoredPreferences, preferencesOf } from './session/preferences'
import { SessionProvider } from './session/SessionProvider'
import { App } from './shell/App'
import { applyPreferences } from './shell/applyPreferences'
import './shell/base.css'
import './shell/themes/civics.css'

const pageData = readPageData()
// Apply the theme before the first paint, so the page does not flash the default.
applyPreferences(pageData.user ? preferencesOf(pageData.user) : loadStoredPreferences())

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
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
)

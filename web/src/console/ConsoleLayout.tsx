import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { Loading } from '../ui/Loading'
import { ConsoleSidebar } from './ConsoleSidebar'
import { ContentLanguagePicker } from './ContentLanguagePicker'
import './console.css'

/** The console's frame: the sidebar of allowed sections and the current screen. */
export function ConsoleLayout() {
  return (
    <div className="user-area with-sidebar console">
      <ConsoleSidebar />
      <div className="user-content console-content">
        <ContentLanguagePicker />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  )
}

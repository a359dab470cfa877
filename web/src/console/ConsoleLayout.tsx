import { Suspense } from 'react'
import { Outlet } from 'react-router-dom'
import { Loading } from '../ui/Loading'
import { ConsoleSidebar } from './ConsoleSidebar'
import { ContentLanguagePicker } from './ContentLanguagePicker'
import { useEditingLocale } from './editingLocale'
import './console.css'

/** The console's frame: the sidebar of allowed sections and the current screen. */
export function ConsoleLayout() {
  const locale = useEditingLocale()
  return (
    <div className="user-area with-sidebar console">
      <ConsoleSidebar />
      <div className="user-content console-content">
        <ContentLanguagePicker />
        {/* Keyed by the language edited: forms start again from that language's values. */}
        <Suspense key={locale} fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  )
}

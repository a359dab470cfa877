import { useLayoutEffect } from 'react'
import { useSession } from '../session/useSession'
import { applyPreferences } from './applyPreferences'

/** Keeps the <html> classes in step with the session's preferences. */
export function PreferencesEffect() {
  const { mode, size, theme } = useSession().preferences
  useLayoutEffect(() => {
    applyPreferences({ mode, size, theme })
  }, [mode, size, theme])
  return null
}

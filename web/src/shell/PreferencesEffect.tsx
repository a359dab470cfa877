import { useLayoutEffect, useRef } from 'react'
import { useSWRConfig } from 'swr'
import { applyLanguage, languageOf } from '../i18n/language'
import { useSession } from '../session/useSession'
import { applyPreferences } from './applyPreferences'

/** Keeps the <html> classes and language in step with the session's preferences. */
export function PreferencesEffect() {
  const { preferences } = useSession()
  const { mode, size, theme } = preferences
  const language = languageOf(preferences)
  const { mutate } = useSWRConfig()
  const shown = useRef(language)
  useLayoutEffect(() => {
    applyPreferences({ mode, size, theme })
  }, [mode, size, theme])
  useLayoutEffect(() => {
    if (shown.current === language) return
    shown.current = language
    // Content comes in the interface's language (the API client adds ?locale=), so fetch it again.
    void applyLanguage(language).then(() => mutate(() => true))
  }, [language, mutate])
  return null
}

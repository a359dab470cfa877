import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useSWRConfig } from 'swr'
import type { Locale } from '../../../common/locales'
import type { User } from '../api/types'
import { forgetOpenedPages, tellServiceWorker } from '../offline/signedIn'
import { clearPackageStorage, fetchCurrentUser, logOut, savePreferences } from './api/session'
import { SessionContext, type SessionValue } from './SessionContext'
import {
  DEFAULT_PREFERENCES,
  loadSessionLanguage,
  loadStoredPreferences,
  preferencesOf,
  sessionPreferences,
  storePreferences,
  storeSessionLanguage,
  withoutLanguage,
  type Preferences,
} from './preferences'

interface Props {
  initialUser: User | null
  /** True when the server did not inject the page data, so the session must be asked for. */
  fetchUser?: boolean
  children: ReactNode
}

export function SessionProvider({ initialUser, fetchUser = false, children }: Props) {
  const [user, setSignedIn] = useState<User | null>(initialUser)
  const [ready, setReady] = useState(!fetchUser)
  const [anonymous, setAnonymous] = useState<Preferences>(() => loadStoredPreferences())
  // The language a sign-in carried over the account's own (see loadSessionLanguage).
  const [sessionLanguage, setSessionLanguage] = useState<Locale | null>(() => (initialUser ? loadSessionLanguage(initialUser) : null))
  const { mutate } = useSWRConfig()

  useEffect(() => {
    if (!fetchUser) return
    let active = true
    fetchCurrentUser()
      .then((answer) => {
        if (!active) return
        setSignedIn(answer.user ?? null)
        setSessionLanguage(answer.user ? loadSessionLanguage(answer.user) : null)
      })
      .catch(() => active && setSignedIn(null))
      .finally(() => active && setReady(true))
    return () => {
      active = false
    }
  }, [fetchUser])

  // The service worker keeps pages for offline use per account: it learns who is signed in at load,
  // sign-in and logout, and deletes what anyone else opened (docs/adr/offline-pages.md).
  const signedInId = user?.id ?? null
  useEffect(() => {
    if (ready) tellServiceWorker(signedInId)
  }, [ready, signedInId])

  const keepSessionLanguage = useCallback((kept: { user: User['id']; language: Locale } | null) => {
    setSessionLanguage(kept?.language ?? null)
    storeSessionLanguage(kept)
  }, [])

  /**
   * Signing in (login, signup, a password reset) carries the language chosen while signed out into
   * the session: the account's own language when it has none, else for this session only.
   */
  const setUser = useCallback(
    (next: User | null) => {
      // Before the new account's first requests (the effect above comes after them).
      tellServiceWorker(next?.id ?? null)
      const chosen = anonymous.language
      if (!next || user || !chosen) {
        setSignedIn(next)
        return
      }
      const kept = withoutLanguage(anonymous)
      setAnonymous(kept)
      storePreferences(kept)
      if (next.language) {
        if (next.language !== chosen) keepSessionLanguage({ user: next.id, language: chosen })
        setSignedIn(next)
        return
      }
      setSignedIn({ ...next, language: chosen })
      savePreferences(next, { ...preferencesOf(next), language: chosen }).then(
        (answer) => setSignedIn((current) => (current && String(current.id) === String(answer.user.id) ? answer.user : current)),
        // Not saved: the session still speaks the chosen language; the account keeps none.
        () => undefined,
      )
    },
    [user, anonymous, keepSessionLanguage],
  )

  const logout = useCallback(async () => {
    clearPackageStorage()
    try {
      await logOut()
    } finally {
      // Even when the server could not be reached: the next person on this device sees none of it.
      await forgetOpenedPages().catch(() => undefined)
      setSignedIn(null)
      keepSessionLanguage(null)
      setAnonymous(DEFAULT_PREFERENCES)
      storePreferences(DEFAULT_PREFERENCES)
      await mutate(() => true, undefined, { revalidate: false })
    }
  }, [mutate, keepSessionLanguage])

  const updatePreferences = useCallback(
    async (changes: Partial<Preferences>) => {
      if (!user) {
        setAnonymous((current) => {
          const next = { ...current, ...changes }
          storePreferences(next)
          return next
        })
        return
      }
      const next = { ...preferencesOf(user), ...changes }
      // A language chosen in the header is the account's from now on.
      const carried = sessionLanguage
      if (changes.language) keepSessionLanguage(null)
      setSignedIn({ ...user, ...next })
      try {
        const answer = await savePreferences(user, next)
        setSignedIn(answer.user)
      } catch (error) {
        setSignedIn(user)
        if (changes.language && carried) keepSessionLanguage({ user: user.id, language: carried })
        throw error
      }
    },
    [user, sessionLanguage, keepSessionLanguage],
  )

  const value = useMemo<SessionValue>(
    () => ({
      ready,
      user,
      setUser,
      logout,
      preferences: user ? sessionPreferences(user, sessionLanguage) : anonymous,
      updatePreferences,
    }),
    [ready, user, setUser, logout, anonymous, sessionLanguage, updatePreferences],
  )

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

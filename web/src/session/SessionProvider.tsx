import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useSWRConfig } from 'swr'
import type { User } from '../api/types'
import { clearPackageStorage, fetchCurrentUser, logOut, savePreferences } from './api/session'
import { SessionContext, type SessionValue } from './SessionContext'
import { DEFAULT_PREFERENCES, loadStoredPreferences, preferencesOf, storePreferences, type Preferences } from './preferences'

interface Props {
  initialUser: User | null
  /** True when the server did not inject the page data, so the session must be asked for. */
  fetchUser?: boolean
  children: ReactNode
}

export function SessionProvider({ initialUser, fetchUser = false, children }: Props) {
  const [user, setUser] = useState<User | null>(initialUser)
  const [ready, setReady] = useState(!fetchUser)
  const [anonymous, setAnonymous] = useState<Preferences>(() => loadStoredPreferences())
  const { mutate } = useSWRConfig()

  useEffect(() => {
    if (!fetchUser) return
    let active = true
    fetchCurrentUser()
      .then((answer) => active && setUser(answer.user ?? null))
      .catch(() => active && setUser(null))
      .finally(() => active && setReady(true))
    return () => {
      active = false
    }
  }, [fetchUser])

  const logout = useCallback(async () => {
    clearPackageStorage()
    try {
      await logOut()
    } finally {
      setUser(null)
      setAnonymous(DEFAULT_PREFERENCES)
      storePreferences(DEFAULT_PREFERENCES)
      await mutate(() => true, undefined, { revalidate: false })
    }
  }, [mutate])

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
      setUser({ ...user, ...next })
      try {
        const answer = await savePreferences(user, next)
        setUser(answer.user)
      } catch (error) {
        setUser(user)
        throw error
      }
    },
    [user],
  )

  const value = useMemo<SessionValue>(
    () => ({
      ready,
      user,
      setUser,
      logout,
      preferences: user ? preferencesOf(user) : anonymous,
      updatePreferences,
    }),
    [ready, user, logout, anonymous, updatePreferences],
  )

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

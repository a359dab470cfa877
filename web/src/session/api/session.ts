import { api } from '../../api/client'
import type { User, UserAnswer } from '../../api/types'
import type { Preferences } from '../preferences'

/** The signed-in user, for the Vite dev server where no page data carries it. */
export const fetchCurrentUser = () => api.get<{ user: User | null }>('/api/users/me')

/** Ends the server session; the caller forgets the user and every cached answer. */
export const logOut = () => api.get('/api/logout')

/**
 * Clears what Storyline packages left in the browser on the content origin (a shared device: the
 * next student must not see this one's answers). The product's address forwards to the content
 * origin's, which answers `Clear-Site-Data`. Nothing to read and nothing to wait for: `keepalive`
 * lets it finish while the page moves on.
 */
export const clearPackageStorage = (): void => {
  fetch('/package-storage/clear', { mode: 'no-cors', credentials: 'include', keepalive: true, cache: 'no-store' }).catch(() => undefined)
}

/** A signed-in user's mode and theme; answers the updated user. */
export const savePreferences = (user: User, preferences: Preferences) => api.put<UserAnswer>(`/api/users/${user.id}/theme`, preferences)

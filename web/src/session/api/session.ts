import { api } from '../../api/client'
import type { User, UserAnswer } from '../../api/types'
import type { Preferences } from '../preferences'

/** The signed-in user, for the Vite dev server where no page data carries it. */
export const fetchCurrentUser = () => api.get<{ user: User | null }>('/api/users/me')

/** Ends the server session; the caller forgets the user and every cached answer. */
export const logOut = () => api.get('/api/logout')

/** A signed-in user's mode and theme; answers the updated user. */
export const savePreferences = (user: User, preferences: Preferences) => api.put<UserAnswer>(`/api/users/${user.id}/theme`, preferences)

import type { User } from '../api/types'

/** An account whose email still waits for its owner to open the confirmation link. */
export const needsEmailConfirmation = (user: User | null | undefined) => Boolean(user?.email) && user?.emailVerified === false

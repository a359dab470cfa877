import { api } from '../../api/client'
import type { InferType } from 'yup'
import type { School, User, UserAnswer } from '../../api/types'
import type { newSchoolSchema } from '../profileSchema'

// The profile's calls. The user they answer goes to the session (setUser), which holds it; no
// SWR entry caches the user.

/** New profile attributes; `{ type: null }` clears the account type so the user picks it again. */
export const updateProfile = (user: User, attributes: Record<string, unknown>) => api.put<UserAnswer>(`/api/users/${user.id}`, { attributes })

/** A school the user could not find in the search. */
export async function createSchool(values: InferType<typeof newSchoolSchema>): Promise<School> {
  // docs/api.md answers the school; Payload's generated create wraps it as { doc, message }.
  const answer = await api.post<School | { doc: School }>('/api/schools', values)
  return 'doc' in answer ? answer.doc : answer
}

import { api } from '../../api/client'
import type { Activity, OpenAnswer } from '../../api/types'

/** Opening an activity counts an attempt; the caller passes the answered attempt on (`onProgress`). */
export const openActivity = (activity: Activity) => api.post<OpenAnswer>(`/api/activities/${encodeURIComponent(String(activity.id))}/open`)

/**
 * GET /api/users/:id/home: what a signed-in student's home shows above the public home, their class
 * (its name and the teacher's name) and the activity they opened last. Written once here: the
 * endpoint (collections/Users/endpoints/home.ts) answers this type and the SPA reads it.
 */
import type { ActivityType } from '../activityOptions'
import type { AttemptStatusOrNone } from '../progress'

export type HomeClassroom = { id: number; name: string; teacher: string | null }

export type LastActivity = {
  id: number
  /** In the language asked for, else English; left out for an activity with no title at all. */
  title?: string | null
  type: ActivityType | null
  /** The module it sits in; its title is null when the module could not be read. */
  module: { id: number | string | null; title?: string | null }
  status: NonNullable<AttemptStatusOrNone>
  score: { raw?: number | null; min?: number | null; max?: number | null; scaled?: number | null } | null
  lastOpenedAt: string | null
}

/** Both parts are null for an account in no class, or one that never opened an activity. */
export type StudentHome = { classroom: HomeClassroom | null; lastActivity: LastActivity | null }

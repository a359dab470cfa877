/**
 * A classroom as its teacher sees it, in every classroom answer (GET, POST and PUT of
 * /api/users/:userId/classrooms…, PUT /api/classrooms/:id). Written once here: the server builds it
 * (collections/Classrooms/endpoints/classroomResponse.ts) and the SPA reads it.
 */
import type { LoginProvider } from '../userOptions'

/**
 * Of each student the teacher sees only the username, names and login names. `firstName` is the
 * student's own, else the roster name the teacher typed.
 */
export type ClassroomStudent = {
  id: number
  username: string | null
  firstName: string | null
  lastName: string | null
  providers: LoginProvider[]
}

export type ClassroomAnswer = {
  id: number
  name: string
  code: string
  /** Where the school is (an IANA zone): its assignments' times are read and shown on this clock. */
  timeZone: string
  /** The teacher's account id. */
  owner: number
  studentCount: number
  students: ClassroomStudent[]
  createdAt: string
  updatedAt: string
  /** When the teacher archived it; null while in use. */
  archivedAt: string | null
}

/** GET /api/users/:userId/classrooms: the classrooms in use, or the archived ones. */
export type ClassroomList = { docs: ClassroomAnswer[]; totalDocs: number }

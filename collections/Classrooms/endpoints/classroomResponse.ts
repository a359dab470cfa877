import type { PayloadRequest } from 'payload'

import { deriveProviders } from '../../Users/providers'
import { DEFAULT_TIME_ZONE } from '../../../common/assignments'
import { byStudentName } from '../../../common/progress'
import type { Classroom, User } from '../../../cms/payload-types'
import type { ClassroomAnswer } from '@common/answers/classrooms'

/**
 * A classroom as its teacher sees it. Of each student the teacher sees only the username, names
 * and login names, read here with the server's rights because teachers cannot read users. Every
 * caller has checked that the requester owns the classroom or holds users:read or users:write, the
 * readers of `rosterName`: the first name the teacher typed at bulk creation stands in for the
 * student's own until the student gives one.
 *
 * The students are read through the database adapter: with the server's rights there is no access
 * rule to apply, and the Users hooks (sessions hidden, display name, providers) make nothing this
 * answer uses. Payload's find ran them on every student of every classroom, each time a teacher
 * opened the list or a classroom, and those were the slowest reads of a class browsing.
 */
export const classroomsWithStudents = async (req: PayloadRequest, classrooms: Classroom[]): Promise<ClassroomAnswer[]> => {
  const ids = classrooms.map((c) => c.id)
  const students = ids.length
    ? (
        await req.payload.db.find<User>({
          collection: 'users',
          where: { 'attributes.classroom': { in: ids } },
          select: { username: true, email: true, hasPassword: true, rosterName: true, attributes: { firstName: true, lastName: true, classroom: true } },
          limit: 0,
          pagination: false,
          sort: 'username',
          req,
        })
      ).docs
    : []
  return classrooms.map((classroom) => {
    const own = students
      .filter((s) => String(s.attributes?.classroom) === String(classroom.id))
      .map((s) => ({
        id: s.id,
        username: s.username ?? null,
        firstName: s.attributes?.firstName || s.rosterName || null,
        lastName: s.attributes?.lastName || null,
        providers: deriveProviders({ username: s.username, email: s.email, hasPassword: s.hasPassword }).filter(
          (p) => p.provider === 'username' || p.provider === 'local',
        ),
      }))
      .sort(byStudentName)
    return {
      id: classroom.id,
      name: classroom.name,
      code: classroom.code,
      timeZone: classroom.timeZone ?? DEFAULT_TIME_ZONE,
      owner: typeof classroom.owner === 'object' && classroom.owner ? classroom.owner.id : classroom.owner,
      studentCount: own.length,
      students: own,
      createdAt: classroom.createdAt,
      updatedAt: classroom.updatedAt,
      archivedAt: classroom.archivedAt ?? null,
    }
  })
}

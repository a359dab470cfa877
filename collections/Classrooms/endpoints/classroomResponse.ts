import type { PayloadRequest } from 'payload'

import { deriveProviders } from '../../Users/providers'
import type { Classroom } from '../../../cms/payload-types'

/**
 * A classroom as its teacher sees it. Of each student the teacher sees only the username, names
 * and login names, read here with the server's rights because teachers cannot read users.
 */
export const classroomsWithStudents = async (req: PayloadRequest, classrooms: Classroom[]) => {
  const ids = classrooms.map((c) => c.id)
  const students = ids.length
    ? (
        await req.payload.find({
          collection: 'users',
          where: { 'attributes.classroom': { in: ids } },
          select: { username: true, email: true, hasPassword: true, attributes: { firstName: true, lastName: true, classroom: true } },
          depth: 0,
          pagination: false,
          sort: 'username',
          overrideAccess: true,
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
        firstName: s.attributes?.firstName ?? null,
        lastName: s.attributes?.lastName ?? null,
        providers: deriveProviders({ username: s.username, email: s.email, hasPassword: s.hasPassword }).filter(
          (p) => p.provider === 'username' || p.provider === 'local',
        ),
      }))
    return {
      id: classroom.id,
      name: classroom.name,
      code: classroom.code,
      owner: typeof classroom.owner === 'object' && classroom.owner ? classroom.owner.id : classroom.owner,
      studentCount: own.length,
      students: own,
      createdAt: classroom.createdAt,
      updatedAt: classroom.updatedAt,
    }
  })
}

import type { Endpoint, PayloadRequest } from 'payload'

import { idOf } from '@common/ids'
import type { Activity, Attempt, Classroom, Module, User } from '../../../cms/payload-types'
import type { StudentHome } from '@common/answers/home'
import { json } from '@cms/http/endpointInput'
import { ownAccount } from './users'

/** A relationship read at depth 0 or populated: its id. */

/**
 * The teacher as a student is told of them: the name on the teacher's profile, never the email or
 * username the account's display name falls back to.
 */
const teacherName = (teacher: User | null) => {
  const name = [teacher?.attributes?.firstName, teacher?.attributes?.lastName].filter(Boolean).join(' ').trim()
  return name || null
}

const studentClassroom = async (req: PayloadRequest, classroomId: unknown) => {
  if (classroomId === null || classroomId === undefined) return null
  const classroom = (await req.payload.findByID({
    collection: 'classrooms',
    id: classroomId as number | string,
    depth: 0,
    joins: false,
    overrideAccess: true,
    req,
    disableErrors: true,
  })) as Classroom | null
  if (!classroom) return null
  const teacher = (await req.payload.findByID({
    collection: 'users',
    id: idOf(classroom.owner) as number | string,
    depth: 0,
    overrideAccess: true,
    req,
    disableErrors: true,
    select: { attributes: { firstName: true, lastName: true } },
  })) as User | null
  return { id: classroom.id, name: classroom.name, teacher: teacherName(teacher) }
}

/** The activity the student opened last, in the language asked for, with the module it sits in. */
const lastOpened = async (req: PayloadRequest, studentId: number | string) => {
  const { docs } = await req.payload.find({
    collection: 'attempts',
    where: { and: [{ student: { equals: studentId } }, { lastOpenedAt: { exists: true } }] },
    sort: '-lastOpenedAt',
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
    select: { activity: true, status: true, score: true, lastOpenedAt: true },
  })
  const attempt = docs[0] as Attempt | undefined
  if (!attempt) return null
  const activity = (await req.payload.findByID({
    collection: 'activities',
    id: idOf(attempt.activity) as number | string,
    depth: 1,
    locale: req.locale,
    overrideAccess: true,
    req,
    disableErrors: true,
    select: { title: true, type: true, module: true },
    populate: { modules: { title: true } },
  })) as Activity | null
  if (!activity) return null
  const module = typeof activity.module === 'object' && activity.module ? (activity.module as Module) : null
  return {
    id: activity.id,
    title: activity.title,
    type: activity.type ?? null,
    module: module ? { id: module.id, title: module.title } : { id: idOf(activity.module), title: null },
    status: attempt.status,
    score: attempt.score ?? null,
    lastOpenedAt: attempt.lastOpenedAt ?? null,
  }
}

/**
 * GET /api/users/:id/home: what a signed-in student's home shows above the public home, their
 * class (its name and the teacher's name) and the activity they opened last. Only the account's
 * own (or users:read staff); for an account in no class both parts are null.
 */
export const homeEndpoint: Endpoint = {
  path: '/:id/home',
  method: 'get',
  handler: async (req) => {
    const user = await ownAccount(req, 'id', 'users:read', 'You can only see your own home page.')
    const classroom = await studentClassroom(req, idOf(user.attributes?.classroom))
    const lastActivity = await lastOpened(req, user.id)
    return json({ classroom, lastActivity } satisfies StudentHome)
  },
}

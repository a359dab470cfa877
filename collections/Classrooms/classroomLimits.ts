import type { PayloadRequest } from 'payload'

import { classroomLimits } from '../../common/classroomLimits'
import { userHasScope } from '../../common/scopes'
import { forbidden, HttpError } from '@cms/http/endpointInput'
import { quota } from '@cms/http/rateLimits'

export { classroomLimits }

/**
 * The limits of common/classroomLimits.ts, enforced. Every student account takes a generated
 * username for good, so a self-registered account must not be able to use them up. Staff who
 * hold users:write create accounts by other routes anyway and are not counted.
 */
const day = 24 * 60 * 60 * 1000
const dailyStudentAccounts = quota('student-accounts-day', day, classroomLimits.studentAccountsPerTeacherPerDay)

export const classroomLimitMessages = {
  tooManyClassrooms: 'You already have 50 classrooms, the most one account can have. Delete a classroom you no longer use to create another.',
  classroomFull: 'This classroom already has 60 students, the most a classroom can have.',
  roomFor: (left: number, count: number) =>
    `This classroom has room for ${left} more student${left === 1 ? '' : 's'} (60 at most); you asked for ${count}. Add fewer, or use another classroom.`,
  dailyLimitReached: 'You have created 300 student accounts today, the most one account can create in a day. Please try again tomorrow.',
  dailyLeft: (left: number, count: number) =>
    `You can create ${left} more student account${left === 1 ? '' : 's'} today (300 a day at most); you asked for ${count}. Add fewer, or try again tomorrow.`,
  confirmEmailFirst:
    'Confirm your email address before creating student accounts: open the link we sent you, or send a new one from the notice at the top of the page.',
} as const

const isStaffWriter = (req: PayloadRequest) => userHasScope(req.user, 'users:write')

/** Refuses a new classroom past the cap for its owner (teachers only; staff are not counted). */
export const checkClassroomRoom = async (req: PayloadRequest, ownerId: unknown) => {
  if (!req.user || isStaffWriter(req)) return
  const { totalDocs } = await req.payload.count({ collection: 'classrooms', where: { owner: { equals: ownerId } }, overrideAccess: true, req })
  if (totalDocs >= classroomLimits.classroomsPerTeacher) throw new HttpError(409, classroomLimitMessages.tooManyClassrooms)
}

/** Refuses `count` more students in the classroom past its cap, saying how many still fit. */
export const checkStudentRoom = async (req: PayloadRequest, classroomId: unknown, count: number) => {
  const { totalDocs } = await req.payload.count({
    collection: 'users',
    where: { 'attributes.classroom': { equals: classroomId } },
    overrideAccess: true,
    req,
  })
  const left = classroomLimits.studentsPerClassroom - totalDocs
  if (left <= 0) throw new HttpError(409, classroomLimitMessages.classroomFull)
  if (count > left) throw new HttpError(409, classroomLimitMessages.roomFor(left, count))
}

/**
 * What a teacher needs before creating student accounts in bulk: a confirmed email (a throwaway
 * address cannot make children's accounts), and room in today's budget, which this takes.
 * Answers a function that gives the budget back if the accounts are not created after all.
 */
export const takeStudentAccountBudget = async (req: PayloadRequest, count: number): Promise<() => Promise<void>> => {
  const me = req.user
  if (!me || isStaffWriter(req)) return async () => undefined
  // Read now, not from the session's copy: a link opened a moment ago counts.
  const stored = await req.payload.db.findOne<{ id: number | string; emailVerified?: boolean | null }>({
    collection: 'users',
    where: { id: { equals: me.id } },
    select: { emailVerified: true },
    req,
  })
  if (!stored?.emailVerified) throw forbidden(classroomLimitMessages.confirmEmailFirst)
  const key = String(me.id)
  const { taken, left } = await dailyStudentAccounts.take(key, count)
  if (!taken) throw new HttpError(429, left === 0 ? classroomLimitMessages.dailyLimitReached : classroomLimitMessages.dailyLeft(left, count))
  return () => dailyStudentAccounts.giveBack(key, count)
}

import type { Payload, PayloadRequest, TaskConfig } from 'payload'
import { createLocalReq } from 'payload'

import { now } from '@cms/attempts/clock'
import { inTransaction } from '@cms/attempts/transaction'
import { unlessLockedElsewhere } from '@cms/database/advisoryLock'
import type { Classroom, User } from '../../cms/payload-types'
import { writeAuditEntry } from './recordRead'

const day = 24 * 60 * 60 * 1000

/**
 * The written retention policy's numbers (docs/privacy.md): an archived classroom's student data is
 * kept until the end of the school year it was archived in, plus a grace period, then purged. The
 * school year ends on `RETENTION_SCHOOL_YEAR_END` (month-day, June 30 by default: Florida's fiscal
 * and school-records year) and the grace is `RETENTION_DAYS_AFTER_SCHOOL_YEAR` days (60 by default).
 */
export const retentionSettings = () => {
  const end = /^(\d{2})-(\d{2})$/.exec(process.env.RETENTION_SCHOOL_YEAR_END ?? '06-30')
  const month = end ? Number(end[1]) : 6
  const dayOfMonth = end ? Number(end[2]) : 30
  const grace = Number(process.env.RETENTION_DAYS_AFTER_SCHOOL_YEAR ?? 60)
  return {
    month: month >= 1 && month <= 12 ? month : 6,
    day: dayOfMonth >= 1 && dayOfMonth <= 31 ? dayOfMonth : 30,
    graceDays: Number.isFinite(grace) && grace >= 0 ? Math.floor(grace) : 60,
  }
}

/** The last moment (UTC) of the school year that ends in `year`. */
const schoolYearEnd = (year: number, settings = retentionSettings()) => new Date(Date.UTC(year, settings.month - 1, settings.day, 23, 59, 59, 999))

/** When data dated `at` (an archive, an audit entry) is purged: the end of its school year, plus the grace. */
export const purgeDateOf = (at: Date, settings = retentionSettings()): Date => {
  let end = schoolYearEnd(at.getUTCFullYear(), settings)
  if (end < at) end = schoolYearEnd(at.getUTCFullYear() + 1, settings)
  return new Date(end.getTime() + settings.graceDays * day)
}

/** The latest school-year end whose grace has passed at `moment`: data dated on or before it is due. */
export const dueBefore = (moment: Date, settings = retentionSettings()): Date => {
  const graceStart = new Date(moment.getTime() - settings.graceDays * day)
  let end = schoolYearEnd(graceStart.getUTCFullYear(), settings)
  if (end > graceStart) end = schoolYearEnd(graceStart.getUTCFullYear() - 1, settings)
  return end
}

export type PurgeCounts = { classrooms: number; students: number; auditEntries: number }

/**
 * Purges what the retention policy says is due: each archived classroom past its date, with its
 * students' accounts and everything of theirs (the same delete as a teacher's, Users' beforeDelete)
 * and its assignments; and audit entries past theirs. Logs and records the counts, never a name.
 * One instance at a time (a PostgreSQL advisory lock): another that finds the lock held does
 * nothing and answers null, and a later run finds nothing left to purge.
 */
export const purgeExpiredStudentData = async (payload: Payload, parent?: PayloadRequest): Promise<PurgeCounts | null> =>
  unlessLockedElsewhere('civics360:retention-purge', async () => {
    const cutoff = dueBefore(now()).toISOString()
    const counts: PurgeCounts = { classrooms: 0, students: 0, auditEntries: 0 }
    const { docs: classrooms } = await payload.find({
      collection: 'classrooms',
      where: { archivedAt: { less_than_equal: cutoff } },
      pagination: false,
      depth: 0,
      joins: false,
      overrideAccess: true,
    })
    for (const classroom of classrooms as Classroom[]) {
      // One transaction per classroom: a failure leaves the others purged and this one whole.
      const req = await createLocalReq({ context: parent?.context }, payload)
      await inTransaction(req, async () => {
        const { docs: students } = await payload.find({
          collection: 'users',
          where: { 'attributes.classroom': { equals: classroom.id } },
          pagination: false,
          depth: 0,
          overrideAccess: true,
          req,
        })
        for (const student of students as User[]) {
          if (student.attributes?.type !== 'student') continue
          await payload.delete({ collection: 'users', id: student.id, overrideAccess: true, req })
          counts.students++
        }
        await payload.delete({ collection: 'classrooms', id: classroom.id, overrideAccess: true, req })
        counts.classrooms++
      })
    }
    // The log keeps what happened to the students while the policy keeps the rest: the entries this
    // run just wrote are dated now, after the cutoff.
    const expired = { createdAt: { less_than_equal: cutoff } }
    counts.auditEntries = (await payload.db.count({ collection: 'audit-log', where: expired })).totalDocs
    if (counts.auditEntries > 0) await payload.db.deleteMany({ collection: 'audit-log', where: expired })
    const req = await createLocalReq({}, payload)
    await writeAuditEntry(req, { action: 'retention-purge', studentCount: counts.students, detail: { ...counts, cutoff } })
    payload.logger.info(
      `Retention purge: removed ${counts.classrooms} archived classroom(s), ${counts.students} student account(s) with their data, ${counts.auditEntries} audit entr(ies) dated on or before ${cutoff}.`,
    )
    return counts
  })

/** The Payload task the schedule queues (cms/payload.config.ts `jobs`). */
export const retentionTask: TaskConfig<'purgeExpiredStudentData'> = {
  slug: 'purgeExpiredStudentData',
  label: 'Purge student data past the retention policy',
  retries: 2,
  outputSchema: [
    { name: 'skipped', type: 'checkbox' },
    { name: 'classrooms', type: 'number' },
    { name: 'students', type: 'number' },
    { name: 'auditEntries', type: 'number' },
  ],
  schedule: [{ cron: process.env.RETENTION_CRON || '0 3 * * *', queue: 'retention' }],
  handler: async ({ req }) => {
    const counts = await purgeExpiredStudentData(req.payload, req)
    return { output: counts ? { skipped: false, ...counts } : { skipped: true, classrooms: 0, students: 0, auditEntries: 0 } }
  },
}

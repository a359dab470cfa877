import type { Payload } from 'payload'

type Id = number | string

export const benchPassword = 'bench-password-42'
export const benchTeacherEmail = 'bench-teacher@example.org'

/** How each module and activity the bench adds is tagged (the benchmarks bench tags them). */
interface Tags {
  module?: () => Id[]
  activity?: (indexInModule: number) => Id[]
}

/** The full-class benches' settings: API rounds and page loads from the command line, a class of 35 students × 200 activities. */
export const fullClassSettings = () => ({
  rounds: Number(process.argv[2] || 200),
  pageLoads: Number(process.argv[3] || 5),
  studentCount: 35,
  activityCount: 200,
})

/** A confirmed teacher (benchTeacherEmail, benchPassword) and an empty classroom of theirs with the code `code`. */
export async function benchTeacherWithClassroom(payload: Payload, code: string) {
  const teacher = await payload.create({
    collection: 'users',
    data: {
      email: benchTeacherEmail,
      password: benchPassword,
      emailVerified: true,
      attributes: { type: 'teacher', firstName: 'Bench', lastName: 'Teacher', completed: true },
    } as never,
    overrideAccess: true,
  })
  const classroom = await payload.create({
    collection: 'classrooms',
    data: { name: 'Bench class', code, owner: teacher.id } as never,
    overrideAccess: true,
  })
  return { teacher, classroom }
}

/**
 * A full class for the classroom benches: the seed's activities topped up to `activityCount` in
 * topics of 5 modules × 10 activities, a confirmed teacher, a classroom of `studentCount` students,
 * and one attempt per student and activity in every status, written straight into the table in the
 * shape the server writes (thousands of Local API creates would take minutes).
 */
export async function seedClassOfAttempts(payload: Payload, options: { code: string; studentCount: number; activityCount: number; tags?: Tags }) {
  const { code, studentCount, activityCount, tags = {} } = options
  const existing = (await payload.find({ collection: 'activities', pagination: false, depth: 0, select: { title: true }, overrideAccess: true })).docs
  const activityIds: Id[] = existing.map((a) => a.id)
  for (let t = 0; activityIds.length < activityCount; t++) {
    const topic = await payload.create({
      collection: 'topics',
      data: { title: `Bench topic ${t}`, markdown: 'Body', order: 100 + t } as never,
      overrideAccess: true,
    })
    for (let m = 0; m < 5 && activityIds.length < activityCount; m++) {
      const mod = await payload.create({
        collection: 'modules',
        data: { title: `Bench module ${t}.${m}`, markdown: 'Body', order: m, topic: topic.id, benchmarks: tags.module?.() ?? [] } as never,
        overrideAccess: true,
      })
      for (let a = 0; a < 10 && activityIds.length < activityCount; a++) {
        const activity = await payload.create({
          collection: 'activities',
          data: {
            title: `Activity ${t}.${m}.${a}`,
            type: 'default',
            markdown: 'Body',
            order: a,
            module: mod.id,
            benchmarks: tags.activity?.(a) ?? [],
          } as never,
          overrideAccess: true,
        })
        activityIds.push(activity.id)
      }
    }
  }

  const { classroom } = await benchTeacherWithClassroom(payload, code)
  const statuses = ['not-attempted', 'incomplete', 'completed', 'passed', 'failed'] as const
  const now = new Date().toISOString()
  const studentIds: Id[] = []
  const db = payload.db as unknown as { drizzle: any; tables: Record<string, unknown> }
  for (let s = 0; s < studentCount; s++) {
    const student = await payload.create({
      collection: 'users',
      data: {
        username: `bench-student-${s}`,
        password: benchPassword,
        rosterName: `Student ${s}`,
        attributes: { type: 'student', classroom: classroom.id, completed: false },
      } as never,
      overrideAccess: true,
    })
    studentIds.push(student.id)
    const rows = activityIds.map((activity, i) => {
      const status = statuses[(s + i) % statuses.length]
      const scaled = status === 'passed' || status === 'failed' ? ((s * 7 + i * 13) % 101) / 100 : null
      const finished = status === 'completed' || status === 'passed' || status === 'failed'
      return {
        student: student.id,
        activity,
        classroom: classroom.id,
        status,
        score_raw: scaled === null ? null : scaled * 100,
        score_min: 0,
        score_max: 100,
        score_scaled: scaled,
        timeSpentSeconds: 60,
        attemptCount: 1,
        openCount: 1,
        firstOpenedAt: now,
        lastOpenedAt: now,
        completedAt: finished ? now : null,
        createdAt: now,
        updatedAt: now,
      }
    })
    await db.drizzle.insert(db.tables.attempts).values(rows)
  }
  return { activityIds, classroom, studentIds }
}

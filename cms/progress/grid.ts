import type { PayloadRequest } from 'payload'

import { type AttemptStatusOrNone, type ClassroomProgress, type GridCell, type Id, type RosterStudent, scorePercent, type TopicColumns } from '../../common/progress'

type Doc = Record<string, any>


const idOf = (value: unknown): Id | null => (value && typeof value === 'object' ? (value as { id: Id }).id : (value as Id | null)) ?? null
const byOrder = (a: Doc, b: Doc) => (a.order ?? 0) - (b.order ?? 0) || String(a.title).localeCompare(String(b.title))

/**
 * The grid's columns: every activity, grouped by module and topic in the site's order. Three
 * small reads of the whole catalogue (a few hundred rows), whatever the classroom's size.
 */
export const activityColumns = async (req: PayloadRequest): Promise<TopicColumns[]> => {
  const read = (collection: 'topics' | 'modules' | 'activities', select: Doc) =>
    req.payload
      .find({ collection, select: { title: true, order: true, ...select }, pagination: false, depth: 0, overrideAccess: true, req })
      .then((r) => r.docs as Doc[])
  const [topics, modules, activities] = await Promise.all([read('topics', {}), read('modules', { topic: true }), read('activities', { module: true, type: true })])
  const activitiesOf = new Map<string, Doc[]>()
  for (const activity of activities.sort(byOrder)) {
    const key = String(idOf(activity.module))
    activitiesOf.set(key, [...(activitiesOf.get(key) ?? []), activity])
  }
  return topics.sort(byOrder).map((topic) => ({
    id: topic.id,
    title: topic.title,
    modules: modules
      .filter((m) => String(idOf(m.topic)) === String(topic.id))
      .sort(byOrder)
      .map((m) => ({
        id: m.id,
        title: m.title,
        activities: (activitiesOf.get(String(m.id)) ?? []).map((a) => ({ id: a.id, title: a.title, type: a.type })),
      })),
  }))
}

/** The classroom's students, by username; `firstName` is the teacher's roster name (never shown to students). */
export const rosterOf = async (req: PayloadRequest, classroomId: Id): Promise<RosterStudent[]> => {
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { 'attributes.classroom': { equals: classroomId } },
    select: { username: true, rosterName: true },
    sort: 'username',
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return docs.map((s: Doc) => ({ id: s.id, username: s.username ?? null, firstName: s.rosterName ?? null }))
}

type AttemptRow = { student: Id; activity: Id; status: unknown; score_raw: unknown; score_min: unknown; score_max: unknown; score_scaled: unknown }
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/**
 * Every attempt of the classroom's students in one query (indexed on classroom, activity). On the
 * SQL adapters a plain drizzle read of the seven columns the grid needs: Payload's find shapes each
 * row through all the collection's fields, about 0.1 ms a row, too slow for 35 × 200 attempts
 * (bench/progress.ts). MongoDB goes through the adapter's find.
 */
export const classroomCells = async (req: PayloadRequest, classroomId: Id): Promise<GridCell[]> => {
  const attempts = (req.payload.db as unknown as { drizzle?: { query?: Record<string, any> } }).drizzle?.query?.attempts
  const rows: AttemptRow[] = attempts
    ? await attempts.findMany({
        columns: { student: true, activity: true, status: true, score_raw: true, score_min: true, score_max: true, score_scaled: true },
        where: (t: any, { eq }: any) => eq(t.classroom, classroomId),
      })
    : (await req.payload.db.find({ collection: 'attempts', where: { classroom: { equals: classroomId } }, pagination: false, limit: 0, req })).docs.map((d: Doc) => ({
        student: idOf(d.student)!,
        activity: idOf(d.activity)!,
        status: d.status,
        score_raw: d.score?.raw,
        score_min: d.score?.min,
        score_max: d.score?.max,
        score_scaled: d.score?.scaled,
      }))
  return rows.map((r) => ({
    student: r.student,
    activity: r.activity,
    status: r.status as AttemptStatusOrNone,
    score: scorePercent({ raw: numberOrNull(r.score_raw), min: numberOrNull(r.score_min), max: numberOrNull(r.score_max), scaled: numberOrNull(r.score_scaled) }),
  }))
}

/** GET /api/classrooms/:id/progress: the columns, the rows and the cells that hold an attempt. */
export const classroomProgress = async (req: PayloadRequest, classroom: Doc): Promise<ClassroomProgress> => {
  const [topics, students, attempts] = await Promise.all([activityColumns(req), rosterOf(req, classroom.id), classroomCells(req, classroom.id)])
  return { classroom: { id: classroom.id, name: classroom.name, code: classroom.code }, topics, students, attempts }
}

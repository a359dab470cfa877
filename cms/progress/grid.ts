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

/** Every attempt of the classroom's students in one query (indexed on classroom, activity). */
export const classroomCells = async (req: PayloadRequest, classroomId: Id): Promise<GridCell[]> => {
  const { docs } = await req.payload.db.find({
    collection: 'attempts',
    where: { classroom: { equals: classroomId } },
    select: { student: true, activity: true, status: true, score: true },
    pagination: false,
    limit: 0,
    req,
  })
  return (docs as Doc[]).map((d) => ({ student: idOf(d.student)!, activity: idOf(d.activity)!, status: d.status as AttemptStatusOrNone, score: scorePercent(d.score) }))
}

/** GET /api/classrooms/:id/progress: the columns, the rows and the cells that hold an attempt. */
export const classroomProgress = async (req: PayloadRequest, classroom: Doc): Promise<ClassroomProgress> => {
  const [topics, students, attempts] = await Promise.all([activityColumns(req), rosterOf(req, classroom.id), classroomCells(req, classroom.id)])
  return { classroom: { id: classroom.id, name: classroom.name, code: classroom.code }, topics, students, attempts }
}

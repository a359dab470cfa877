import type { PayloadRequest } from 'payload'

import {
  type AttemptStatusOrNone,
  type ClassroomProgress,
  type GridCell,
  type Id,
  type RosterStudent,
  scorePercent,
  type TopicColumns,
} from '../../common/progress'
import type { Attempt, Classroom } from '../payload-types'

const idOf = (value: unknown): Id | null => (value && typeof value === 'object' ? (value as { id: Id }).id : (value as Id | null)) ?? null
type Ordered = { order?: number | null; title?: string | null }
const byOrder = (a: Ordered, b: Ordered) => (a.order ?? 0) - (b.order ?? 0) || String(a.title).localeCompare(String(b.title))

/**
 * The grid's columns: every activity, grouped by module and topic in the site's order. Three
 * small reads of the whole catalogue (a few hundred rows), whatever the classroom's size.
 */
export const activityColumns = async (req: PayloadRequest): Promise<TopicColumns[]> => {
  const all = { pagination: false, depth: 0, overrideAccess: true, req } as const
  const [topics, modules, activities] = await Promise.all([
    req.payload.find({ collection: 'topics', select: { title: true, order: true }, ...all }).then((r) => r.docs),
    req.payload.find({ collection: 'modules', select: { title: true, order: true, topic: true }, ...all }).then((r) => r.docs),
    req.payload.find({ collection: 'activities', select: { title: true, order: true, module: true, type: true }, ...all }).then((r) => r.docs),
  ])
  const activitiesOf = new Map<string, typeof activities>()
  for (const activity of activities.sort(byOrder)) {
    const key = String(idOf(activity.module))
    activitiesOf.set(key, [...(activitiesOf.get(key) ?? []), activity])
  }
  return topics.sort(byOrder).map((topic) => ({
    id: topic.id,
    // Titles are required in English (requiredInEnglish) and read with fallback; the types allow none.
    title: topic.title ?? '',
    modules: modules
      .filter((m) => String(idOf(m.topic)) === String(topic.id))
      .sort(byOrder)
      .map((m) => ({
        id: m.id,
        title: m.title ?? '',
        activities: (activitiesOf.get(String(m.id)) ?? []).map((a) => ({ id: a.id, title: a.title ?? '', type: a.type })),
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
  return docs.map((s) => ({ id: s.id, username: s.username ?? null, firstName: s.rosterName ?? null }))
}

/** One attempt as the SQL adapters aggregate it: [student, activity, status, raw, min, max, scaled]. */
type AttemptRow = [Id, Id, unknown, unknown, unknown, unknown, unknown]
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/**
 * The database builds the classroom's attempts as one JSON array (SQLite's json_group_array,
 * PostgreSQL's json_agg): a single value crosses into JavaScript instead of 7,000 rows, each of
 * which the driver would make an object of (about 10 ms instead of about 100 ms for 35 × 200
 * attempts, bench/progress.ts). Indexed on classroom.
 */
const aggregatedAttempts = async (payload: PayloadRequest['payload'], classroomId: Id): Promise<AttemptRow[] | null> => {
  const columns = 'student_id, activity_id, status, score_raw, score_min, score_max, score_scaled'
  let cells: unknown
  if (payload.db.name === 'sqlite') {
    // Each adapter brings its own copy of drizzle: its `sql` builds the query its driver runs.
    const { sql } = await import('@payloadcms/db-sqlite/drizzle')
    const db = payload.db as unknown as { drizzle: { all: (query: unknown) => Promise<{ cells: string }[]> } }
    ;[{ cells }] = await db.drizzle.all(
      sql`select json_group_array(json_array(${sql.raw(columns)})) as cells from attempts where classroom_id = ${classroomId}`,
    )
  } else if (payload.db.name === 'postgres') {
    const { sql } = await import('@payloadcms/db-postgres/drizzle')
    const db = payload.db as unknown as { drizzle: { execute: (query: unknown) => Promise<{ rows: { cells: unknown }[] }> } }
    ;[{ cells }] = (
      await db.drizzle.execute(
        sql`select coalesce(json_agg(json_build_array(${sql.raw(columns)})), '[]'::json) as cells from attempts where classroom_id = ${classroomId}`,
      )
    ).rows
  } else return null
  return (typeof cells === 'string' ? JSON.parse(cells) : cells) as AttemptRow[]
}

/** Every attempt of the classroom's students in one query; MongoDB goes through the adapter's find. */
export const classroomCells = async (req: PayloadRequest, classroomId: Id): Promise<GridCell[]> => {
  const rows =
    (await aggregatedAttempts(req.payload, classroomId)) ??
    (await req.payload.db.find<Attempt>({ collection: 'attempts', where: { classroom: { equals: classroomId } }, pagination: false, limit: 0, req })).docs.map(
      (d): AttemptRow => [idOf(d.student)!, idOf(d.activity)!, d.status, d.score?.raw, d.score?.min, d.score?.max, d.score?.scaled],
    )
  return rows.map(([student, activity, status, raw, min, max, scaled]) => ({
    student,
    activity,
    status: status as AttemptStatusOrNone,
    score: scorePercent({ raw: numberOrNull(raw), min: numberOrNull(min), max: numberOrNull(max), scaled: numberOrNull(scaled) }),
  }))
}

/** GET /api/classrooms/:id/progress: the columns, the rows and the cells that hold an attempt. */
export const classroomProgress = async (req: PayloadRequest, classroom: Classroom): Promise<ClassroomProgress> => {
  const [topics, students, attempts] = await Promise.all([activityColumns(req), rosterOf(req, classroom.id), classroomCells(req, classroom.id)])
  return { classroom: { id: classroom.id, name: classroom.name, code: classroom.code }, topics, students, attempts }
}

import type { PayloadRequest } from 'payload'

import { idOf } from '@common/ids'
import {
  type AttemptStatusOrNone,
  byStudentName,
  type ClassroomProgress,
  type GridCell,
  type Id,
  type RosterStudent,
  scorePercent,
  type TopicColumns,
} from '@common/progress'
import { DEFAULT_LOCALE, isLocale } from '@common/locales'
import type { Activity, Attempt, Classroom, User } from '../payload-types'
import { cachedWhileContentUnchanged } from '@cms/cache'

type Ordered = { order?: unknown; title?: string | null }
/** The site's order (PostgreSQL answers numeric columns as strings), then the title. */
const byOrder = (a: Ordered, b: Ordered) => Number(a.order ?? 0) - Number(b.order ?? 0) || String(a.title).localeCompare(String(b.title))

/** Runs one query on either SQL adapter (each brings its own drizzle, whose `sql` builds what its driver runs); null on MongoDB. */
const sqlRows = async <Row>(payload: PayloadRequest['payload'], build: (sql: Sql) => unknown): Promise<Row[] | null> => {
  if (payload.db.name === 'sqlite') {
    const { sql } = await import('@payloadcms/db-sqlite/drizzle')
    return (payload.db as unknown as { drizzle: { all: (query: unknown) => Promise<Row[]> } }).drizzle.all(build(sql))
  }
  if (payload.db.name === 'postgres') {
    const { sql } = await import('@payloadcms/db-postgres/drizzle')
    const db = payload.db as unknown as { drizzle: { execute: (query: unknown) => Promise<{ rows: Row[] }> } }
    return (await db.drizzle.execute(build(sql as unknown as Sql))).rows
  }
  return null
}
type Sql = typeof import('@payloadcms/db-sqlite/drizzle').sql

/** A topic, module or activity as the grid needs it: `parent` is a module's topic or an activity's module. */
type CatalogueRow = { id: Id; order: unknown; parent: Id | null; title: string | null; type?: Activity['type'] }
const catalogueTables = { topics: 'null', modules: 't.topic_id', activities: 't.module_id' } as const

/**
 * One level of the catalogue in the reader's language (English where it has no translation, as
 * Payload's fallback does), straight from SQL. Payload's find made a document of every localized
 * activity, holding the server for seconds on a large site (bench/large.ts); this query does not.
 * MongoDB reads through Payload.
 */
const catalogueRows = async (req: PayloadRequest, table: keyof typeof catalogueTables): Promise<CatalogueRow[]> => {
  const locale = isLocale(req.locale) ? req.locale : DEFAULT_LOCALE
  const rows = await sqlRows<CatalogueRow>(
    req.payload,
    (
      sql,
    ) => sql`select t.id as id, t."order" as "order", ${sql.raw(catalogueTables[table])} as parent, ${sql.raw(table === 'activities' ? 't.type' : 'null')} as type,
      coalesce(l.title, e.title) as title
      from ${sql.raw(`"${table}"`)} t
      left join ${sql.raw(`"${table}_locales"`)} l on l._parent_id = t.id and l._locale = ${locale}
      left join ${sql.raw(`"${table}_locales"`)} e on e._parent_id = t.id and e._locale = ${DEFAULT_LOCALE}`,
  )
  if (rows) return rows
  const { docs } = await req.payload.find({ collection: table, pagination: false, depth: 0, overrideAccess: true, req })
  return docs.map((doc) => ({
    id: doc.id,
    order: doc.order,
    title: doc.title ?? null,
    parent: 'topic' in doc ? idOf(doc.topic) : 'module' in doc ? idOf(doc.module) : null,
    type: 'type' in doc ? doc.type : undefined,
  }))
}

/**
 * The grid's columns: every activity, grouped by module and topic in the site's order, in the
 * reader's language. Computed once per content change and language: on a large site (10,000
 * activities) building them took most of each grid request (bench/large.ts). The grid and a
 * student's page read them from GET /api/activities/columns, whose answer the public-read cache
 * stores serialized and compressed; the CSV export uses them here.
 */
export const activityColumns = (req: PayloadRequest): Promise<TopicColumns[]> =>
  cachedWhileContentUnchanged(`activity columns ${isLocale(req.locale) ? req.locale : DEFAULT_LOCALE}`, () => readActivityColumns(req))

const readActivityColumns = async (req: PayloadRequest): Promise<TopicColumns[]> => {
  const [topics, modules, activities] = await Promise.all([catalogueRows(req, 'topics'), catalogueRows(req, 'modules'), catalogueRows(req, 'activities')])
  const childrenOf = (rows: CatalogueRow[]) => {
    const byParent = new Map<string, CatalogueRow[]>()
    for (const row of rows.sort(byOrder)) {
      const siblings = byParent.get(String(row.parent))
      if (siblings) siblings.push(row)
      else byParent.set(String(row.parent), [row])
    }
    return (parent: Id) => byParent.get(String(parent)) ?? []
  }
  const modulesOf = childrenOf(modules)
  const activitiesOf = childrenOf(activities)
  // Titles are required in English (requiredInEnglish), so the fallback always finds one.
  return topics.sort(byOrder).map((topic) => ({
    id: topic.id,
    title: topic.title ?? '',
    modules: modulesOf(topic.id).map((m) => ({
      id: m.id,
      title: m.title ?? '',
      activities: activitiesOf(m.id).map((a) => ({ id: a.id, title: a.title ?? '', type: a.type! })),
    })),
  }))
}

/**
 * The classroom's students in name order, named as the Students table names them: the student's
 * own first name, else the roster name the teacher typed (never shown to students).
 */
export const rosterOf = async (req: PayloadRequest, classroomId: Id): Promise<RosterStudent[]> => {
  // Through the adapter, as classroomsWithStudents reads students: with the server's rights there is
  // no access rule to apply, and the Users read hooks make nothing these four fields need.
  const { docs } = await req.payload.db.find<User>({
    collection: 'users',
    where: { 'attributes.classroom': { equals: classroomId } },
    select: { username: true, rosterName: true, attributes: { firstName: true, lastName: true } },
    sort: 'username',
    pagination: false,
    limit: 0,
    req,
  })
  return docs
    .map((s) => ({
      id: s.id,
      username: s.username ?? null,
      firstName: s.attributes?.firstName || s.rosterName || null,
      lastName: s.attributes?.lastName || null,
    }))
    .sort(byStudentName)
}

/** One attempt as the SQL adapters aggregate it: [student, activity, status, raw, min, max, scaled, last opened, completed] (the last two only when asked). */
type AttemptRow = [Id, Id, unknown, unknown, unknown, unknown, unknown, unknown?, unknown?]
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/**
 * The database builds the classroom's attempts as one JSON array (SQLite's json_group_array,
 * PostgreSQL's json_agg): a single value crosses into JavaScript instead of 7,000 rows, each of
 * which the driver would make an object of (docs/performance.md has the cost for a class).
 * Indexed on classroom.
 */
const aggregatedAttempts = async (payload: PayloadRequest['payload'], classroomId: Id, withDates: boolean): Promise<AttemptRow[] | null> => {
  const columns = `student_id, activity_id, status, score_raw, score_min, score_max, score_scaled${withDates ? ', last_opened_at, completed_at' : ''}`
  const rows = await sqlRows<{ cells: unknown }>(payload, (sql) =>
    payload.db.name === 'sqlite'
      ? sql`select json_group_array(json_array(${sql.raw(columns)})) as cells from attempts where classroom_id = ${classroomId}`
      : sql`select coalesce(json_agg(json_build_array(${sql.raw(columns)})), '[]'::json) as cells from attempts where classroom_id = ${classroomId}`,
  )
  if (!rows) return null
  const [{ cells }] = rows
  return (typeof cells === 'string' ? JSON.parse(cells) : cells) as AttemptRow[]
}

/** A stored time as an ISO timestamp: SQLite keeps ISO text, PostgreSQL's JSON writes its own form. */
const isoInUtc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const isoOrNull = (value: unknown) => {
  if (value === null || value === undefined || value === '') return null
  // SQLite keeps the very form toISOString writes: taken as it is (a class has thousands).
  if (typeof value === 'string' && isoInUtc.test(value)) return value
  const date = new Date(String(value))
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

/**
 * Every attempt of the classroom's students in one query; MongoDB goes through the adapter's find.
 * `withDates` adds when each was last opened (the CSV export) and completed (assignments), which
 * the grid does not send.
 */
export const classroomCells = async (req: PayloadRequest, classroomId: Id, { withDates = false } = {}): Promise<GridCell[]> => {
  const rows =
    (await aggregatedAttempts(req.payload, classroomId, withDates)) ??
    (await req.payload.db.find<Attempt>({ collection: 'attempts', where: { classroom: { equals: classroomId } }, pagination: false, limit: 0, req })).docs.map(
      (d): AttemptRow => [
        idOf(d.student)!,
        idOf(d.activity)!,
        d.status,
        d.score?.raw,
        d.score?.min,
        d.score?.max,
        d.score?.scaled,
        d.lastOpenedAt,
        d.completedAt,
      ],
    )
  return rows.map(([student, activity, status, raw, min, max, scaled, lastOpened, completed]) => ({
    student,
    activity,
    status: status as AttemptStatusOrNone,
    score: scorePercent({ raw: numberOrNull(raw), min: numberOrNull(min), max: numberOrNull(max), scaled: numberOrNull(scaled) }),
    ...(withDates ? { lastOpenedAt: isoOrNull(lastOpened), completedAt: isoOrNull(completed) } : {}),
  }))
}

/**
 * GET /api/classrooms/:id/progress: the rows and the cells that hold an attempt. The columns are
 * not here: they are the same for every classroom, and at 10,000 activities (600 KB of JSON) they
 * were serialized and compressed again on every request (GET /api/activities/columns keeps them).
 */
export const classroomProgress = async (req: PayloadRequest, classroom: Classroom): Promise<ClassroomProgress> => {
  const [students, attempts] = await Promise.all([rosterOf(req, classroom.id), classroomCells(req, classroom.id)])
  return { classroom: { id: classroom.id, name: classroom.name, code: classroom.code }, students, attempts }
}

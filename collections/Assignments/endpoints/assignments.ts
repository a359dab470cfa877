import type { Endpoint, PayloadRequest } from 'payload'

import type { AssignmentReport, ClassroomAssignments, MyAssignments } from '../../../common/assignments'
import { scorePercent } from '../../../common/progress'
import { now as clockNow } from '../../../cms/attempts/clock'
import { checkNumbers } from '@cms/http/badInput/guard'
import { type Body, forbidden, json, notFound, readBody, requireUser, routeParam, throwIfErrors } from '@cms/http/endpointInput'
import type { Assignment, Attempt, Classroom } from '../../../cms/payload-types'
import { fileNameFor } from '@cms/attempts/gridCsv'
import { classroomCells, rosterOf } from '@cms/attempts/grid'
import { ownedClassroom } from '../../Classrooms/endpoints/classrooms'
import { assignmentMessages, checkAssignmentInput } from '../assignmentInput'
import { reportCsv } from '../csv'
import { recordedRead } from '../../AuditLog/recordRead'
import { assignmentData, attemptsByStudent, countsOf, isAssigned, isOpenToStudents, itemsOf, readCatalogue, reportRows, studentWork, timeZoneOf } from '../work'

const idOf = (value: unknown) => (value && typeof value === 'object' ? (value as { id: number }).id : (value as number))

/** The assignment in the path, with its classroom, which the requester must teach (or hold users:read / users:write for). */
const ownedAssignment = async (req: PayloadRequest, need: 'read' | 'write'): Promise<{ assignment: Assignment; classroom: Classroom }> => {
  requireUser(req)
  const id = routeParam(req, 'id')
  const assignment = (await req.payload.findByID({
    collection: 'assignments',
    id,
    depth: 0,
    overrideAccess: true,
    req,
    disableErrors: true,
  })) as Assignment | null
  if (!assignment) throw notFound('Assignment not found.')
  const classroom = await ownedClassroom(req, need, idOf(assignment.classroom))
  return { assignment, classroom }
}

/** By due time, then title: work due together is listed the same way on every read. */
const byDueTime = (a: { dueAt: string; title: string }, b: { dueAt: string; title: string }) =>
  Date.parse(a.dueAt) - Date.parse(b.dueAt) || a.title.localeCompare(b.title, 'en', { sensitivity: 'base', numeric: true })

const classroomRef = (classroom: Classroom) => ({ id: classroom.id, name: classroom.name, timeZone: timeZoneOf(classroom) })

/** Every figure of one classroom's assignments, from one read of its roster, its attempts and the catalogue. */
const classroomWork = async (req: PayloadRequest, classroom: Classroom) => {
  const [roster, cells, catalogue] = await Promise.all([
    rosterOf(req, classroom.id),
    classroomCells(req, classroom.id, { withDates: true }),
    readCatalogue(req),
  ])
  return { roster, cells: attemptsByStudent(cells), catalogue }
}

const listAssignments: Endpoint = {
  path: '/',
  method: 'get',
  handler: async (req) => {
    const query = new URL(req.url ?? 'http://localhost/').searchParams
    // This route stands in for Payload's list: a list's numbers are refused as on every collection.
    checkNumbers(req, { limit: query.get('limit') ?? undefined, page: query.get('page') ?? undefined, depth: query.get('depth') ?? undefined })
    requireUser(req)
    const classroomId = query.get('classroom')
    if (!classroomId || !/^[A-Za-z0-9-]{1,64}$/.test(classroomId)) {
      throwIfErrors([{ path: 'classroom', message: 'classroom is required: GET /api/assignments?classroom=<classroom id>.' }])
    }
    const classroom = await ownedClassroom(req, 'read', classroomId!)
    const [{ docs }, work] = await Promise.all([
      req.payload.find({
        collection: 'assignments',
        where: { classroom: { equals: classroom.id } },
        sort: 'dueAt',
        pagination: false,
        depth: 0,
        overrideAccess: true,
        req,
      }),
      classroomWork(req, classroom),
    ])
    const now = clockNow()
    const answer: ClassroomAssignments = {
      classroom: classroomRef(classroom),
      now: now.toISOString(),
      assignments: (docs as Assignment[])
        .map(assignmentData)
        .sort(byDueTime)
        .map((data) => {
          return { ...data, counts: countsOf(reportRows(data, itemsOf(data, work.catalogue), work.roster, work.cells, now)) }
        }),
    }
    return json(answer, 200, { 'Cache-Control': 'no-store' })
  },
}

const createAssignment: Endpoint = {
  path: '/',
  method: 'post',
  handler: async (req) => {
    requireUser(req)
    const body = await readBody(req)
    const classroomId = body.classroom
    if (typeof classroomId !== 'number' && (typeof classroomId !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(classroomId))) {
      throwIfErrors([{ path: 'classroom', message: assignmentMessages.classroom }])
    }
    const classroom = await ownedClassroom(req, 'write', classroomId as string | number)
    const change = await checkAssignmentInput(req, body, classroom, null)
    const doc = (await req.payload.create({
      collection: 'assignments',
      data: { ...change, classroom: classroom.id } as never,
      overrideAccess: true,
      depth: 0,
      req,
    })) as Assignment
    return json(assignmentData(doc), 201)
  },
}

const updateAssignment: Endpoint = {
  path: '/:id',
  method: 'patch',
  handler: async (req) => {
    const { assignment, classroom } = await ownedAssignment(req, 'write')
    const body: Body = await readBody(req)
    if (body.classroom !== undefined && String(body.classroom) !== String(classroom.id)) {
      throwIfErrors([{ path: 'classroom', message: assignmentMessages.classroomFixed }])
    }
    delete body.classroom
    const change = await checkAssignmentInput(req, body, classroom, assignment)
    const doc = (await req.payload.update({
      collection: 'assignments',
      id: assignment.id,
      data: change as never,
      overrideAccess: true,
      depth: 0,
      req,
    })) as Assignment
    return json(assignmentData(doc))
  },
}

const deleteAssignment: Endpoint = {
  path: '/:id',
  method: 'delete',
  handler: async (req) => {
    const { assignment } = await ownedAssignment(req, 'write')
    await req.payload.delete({ collection: 'assignments', id: assignment.id, overrideAccess: true, req })
    return json({ message: 'Assignment deleted.', id: assignment.id })
  },
}

const buildReport = async (req: PayloadRequest, action: 'assignment-report' | 'assignment-report-csv'): Promise<AssignmentReport> => {
  const { assignment, classroom } = await ownedAssignment(req, 'read')
  const work = await recordedRead(req, { action, classroom: classroom.id }, () => classroomWork(req, classroom))
  const data = assignmentData(assignment)
  const items = itemsOf(data, work.catalogue)
  const now = clockNow()
  return {
    classroom: classroomRef(classroom),
    now: now.toISOString(),
    assignment: data,
    items,
    students: reportRows(data, items, work.roster, work.cells, now),
  }
}

const report: Endpoint = {
  path: '/:id/report',
  method: 'get',
  handler: async (req) => json(await buildReport(req, 'assignment-report'), 200, { 'Cache-Control': 'no-store' }),
}

const reportCsvExport: Endpoint = {
  path: '/:id/report/csv',
  method: 'get',
  handler: async (req) => {
    const answer = await buildReport(req, 'assignment-report-csv')
    return new Response(reportCsv(answer), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${fileNameFor(answer.assignment.title, 'report.csv')}"`,
        'Cache-Control': 'no-store',
      },
    })
  },
}

/**
 * The signed-in student's assignments that are open to them (published, available, given to them),
 * by due time, with each item's state. Nothing of anyone else's.
 */
const myAssignments: Endpoint = {
  path: '/mine',
  method: 'get',
  handler: async (req) => {
    const me = requireUser(req)
    if (me.attributes?.type !== 'student') throw forbidden('Only students have assignments to do.')
    const now = clockNow()
    const classroomId = idOf(me.attributes?.classroom)
    const classroom = classroomId
      ? ((await req.payload.findByID({
          collection: 'classrooms',
          id: classroomId,
          depth: 0,
          overrideAccess: true,
          req,
          disableErrors: true,
        })) as Classroom | null)
      : null
    const answer: MyAssignments = { timeZone: classroom ? timeZoneOf(classroom) : 'America/New_York', now: now.toISOString(), assignments: [] }
    if (!classroom) return json(answer, 200, { 'Cache-Control': 'no-store' })
    const [{ docs }, catalogue] = await Promise.all([
      req.payload.find({
        collection: 'assignments',
        where: { and: [{ classroom: { equals: classroom.id } }, { state: { equals: 'published' } }] },
        sort: 'dueAt',
        pagination: false,
        depth: 0,
        overrideAccess: true,
        req,
      }),
      readCatalogue(req),
    ])
    const open = (docs as Assignment[]).map(assignmentData).filter((a) => isOpenToStudents(a, now) && isAssigned(a, me.id))
    const withItems = open.map((a) => ({ assignment: a, items: itemsOf(a, catalogue) }))
    const activityIds = [...new Set(withItems.flatMap(({ items }) => items.map((i) => i.activity)))]
    const attempts = activityIds.length
      ? // The student's own attempts, through the adapter: their read hooks make nothing these fields need.
        (
          await req.payload.db.find<Attempt>({
            collection: 'attempts',
            where: { and: [{ student: { equals: me.id } }, { activity: { in: activityIds } }] },
            select: { activity: true, status: true, score: true, completedAt: true },
            pagination: false,
            limit: 0,
            req,
          })
        ).docs
      : []
    const cells = new Map(
      attempts.map((a) => [String(idOf(a.activity)), { status: a.status, score: scorePercent(a.score), completedAt: a.completedAt ?? null }]),
    )
    answer.assignments = withItems
      .map(({ assignment, items }) => {
        const work = studentWork(assignment, items, me.id, cells, now)
        return {
          id: assignment.id,
          title: assignment.title,
          instructions: assignment.instructions,
          availableFrom: assignment.availableFrom,
          dueAt: work.dueAt,
          status: work.status,
          doneAt: work.doneAt,
          items: items.map((item, i) => ({ ...item, ...work.items[i] })),
        }
      })
      .sort(byDueTime)
    return json(answer, 200, { 'Cache-Control': 'no-store' })
  },
}

/** Listed before Payload's generated routes, which they replace for this collection's writes. */
export const assignmentEndpoints: Endpoint[] = [myAssignments, listAssignments, createAssignment, report, reportCsvExport, updateAssignment, deleteAssignment]

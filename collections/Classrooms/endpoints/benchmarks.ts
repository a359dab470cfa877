import type { Endpoint, PayloadRequest } from 'payload'

import { classroomMastery, masteryCsv } from '@cms/attempts/benchmarks'
import { fileNameFor } from '@cms/attempts/gridCsv'
import { json } from '@cms/http/endpointInput'
import { onlyLocaleParameter } from '../../Benchmarks/endpoints/coverage'
import { ownedClassroom } from './classrooms'
import { recordedRead } from '../../AuditLog/recordRead'

/** The mastery of the teacher's own classroom named in the route, its read recorded in the audit log as `action`. */
const readMastery = async (req: PayloadRequest, action: 'benchmark-mastery' | 'benchmark-mastery-csv') => {
  const classroom = await ownedClassroom(req, 'read')
  onlyLocaleParameter(req)
  const answer = await recordedRead(req, { action, classroom: classroom.id }, () => classroomMastery(req, classroom))
  return { classroom, answer }
}

/** GET /api/classrooms/:id/benchmarks: the mastery view (students × benchmarks and reporting categories). */
const mastery: Endpoint = {
  path: '/:id/benchmarks',
  method: 'get',
  handler: async (req) => {
    const { answer } = await readMastery(req, 'benchmark-mastery')
    return json(answer, 200, { 'Cache-Control': 'no-store' })
  },
}

/** GET /api/classrooms/:id/benchmarks/csv: the same, one row per student. */
const masteryCsvExport: Endpoint = {
  path: '/:id/benchmarks/csv',
  method: 'get',
  handler: async (req) => {
    const { classroom, answer } = await readMastery(req, 'benchmark-mastery-csv')
    return new Response(masteryCsv(answer), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${fileNameFor(classroom.name, 'benchmarks.csv')}"`,
        'Cache-Control': 'no-store',
      },
    })
  },
}

export const benchmarkEndpoints: Endpoint[] = [mastery, masteryCsvExport]

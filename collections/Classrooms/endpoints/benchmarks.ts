import type { Endpoint } from 'payload'

import { classroomMastery, masteryCsv } from '@cms/attempts/benchmarks'
import { fileNameFor } from '@cms/attempts/gridCsv'
import { json } from '@cms/http/endpointInput'
import { onlyLocaleParameter } from '../../Benchmarks/endpoints/coverage'
import { ownedClassroom } from './classrooms'
import { recordedRead } from '../../AuditLog/recordRead'

/** GET /api/classrooms/:id/benchmarks: the mastery view (students × benchmarks and reporting categories). */
const mastery: Endpoint = {
  path: '/:id/benchmarks',
  method: 'get',
  handler: async (req) => {
    const classroom = await ownedClassroom(req, 'read')
    onlyLocaleParameter(req)
    const answer = await recordedRead(req, { action: 'benchmark-mastery', classroom: classroom.id }, () => classroomMastery(req, classroom))
    return json(answer, 200, { 'Cache-Control': 'no-store' })
  },
}

/** GET /api/classrooms/:id/benchmarks/csv: the same, one row per student. */
const masteryCsvExport: Endpoint = {
  path: '/:id/benchmarks/csv',
  method: 'get',
  handler: async (req) => {
    const classroom = await ownedClassroom(req, 'read')
    onlyLocaleParameter(req)
    const answer = await recordedRead(req, { action: 'benchmark-mastery-csv', classroom: classroom.id }, () => classroomMastery(req, classroom))
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

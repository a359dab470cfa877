import type { PayloadRequest } from 'payload'
import { stringify } from 'csv-stringify/sync'

import {
  type BenchmarkCoverage,
  type BenchmarkSummary,
  byBenchmarkCode,
  type ClassroomMastery,
  REPORTING_CATEGORIES,
  REPORTING_CATEGORY_KEYS,
  type MasteryValue,
  type ReportingCategory,
} from '../../common/benchmarks'
import { byStudentName, type GridCell, type Id } from '../../common/progress'
import { summarizeCells } from '../../common/progressGrid'
import { DEFAULT_LOCALE, isLocale } from '../../common/locales'
import type { Benchmark, Classroom } from '../payload-types'
import { cachedWhileContentUnchanged } from '../cache'
import { classroomCells, rosterOf } from './grid'

const idOf = (value: unknown): Id | null => (value && typeof value === 'object' ? (value as { id: Id }).id : (value as Id | null)) ?? null
const idsOf = (values: unknown): Id[] => (Array.isArray(values) ? values.map(idOf).filter((id): id is Id => id !== null) : [])

const summaryOf = (doc: Benchmark): BenchmarkSummary => ({
  id: doc.id,
  code: doc.code,
  framework: doc.framework,
  statement: doc.statement || null,
  reportingCategory: (doc.reportingCategory as ReportingCategory | null | undefined) ?? null,
})

/**
 * Every benchmark with the modules and activities tagged with it, in the reader's language. An
 * activity teaches what it is tagged with and what its module is. Kept until content changes
 * (benchmarks are content: a change to one clears it like a change to a module).
 */
export const benchmarkCoverage = (req: PayloadRequest): Promise<BenchmarkCoverage[]> =>
  cachedWhileContentUnchanged(`benchmark coverage ${isLocale(req.locale) ? req.locale : DEFAULT_LOCALE}`, () => readCoverage(req))

const readCoverage = async (req: PayloadRequest): Promise<BenchmarkCoverage[]> => {
  const common = { pagination: false, depth: 0, overrideAccess: true, req } as const
  const [benchmarks, modules, activities] = await Promise.all([
    req.payload.find({ collection: 'benchmarks', ...common }),
    req.payload.find({ collection: 'modules', select: { title: true, benchmarks: true }, ...common }),
    req.payload.find({ collection: 'activities', select: { title: true, module: true, benchmarks: true }, ...common }),
  ])
  const moduleTags = new Map(modules.docs.map((m) => [String(m.id), idsOf(m.benchmarks).map(String)]))
  return benchmarks.docs
    .map((doc) => {
      const id = String(doc.id)
      return {
        ...summaryOf(doc),
        source: doc.source || null,
        modules: modules.docs.filter((m) => moduleTags.get(String(m.id))?.includes(id)).map((m) => ({ id: m.id, title: m.title ?? '' })),
        activities: activities.docs
          .filter((a) => idsOf(a.benchmarks).map(String).includes(id) || moduleTags.get(String(idOf(a.module)))?.includes(id))
          .map((a) => ({ id: a.id, title: a.title ?? '', module: idOf(a.module) })),
      }
    })
    .sort(byBenchmarkCode)
}

const cellKey = (student: Id, activity: Id) => `${student}:${activity}`

/**
 * GET /api/classrooms/:id/benchmarks: each student's work on the activities that teach each
 * benchmark, and each reporting category (its benchmarks' activities together), counted as the
 * progress grid counts a module (common/progressGrid's summarizeCells).
 */
export const classroomMastery = async (req: PayloadRequest, classroom: Classroom): Promise<ClassroomMastery> => {
  const [coverage, students, cells] = await Promise.all([benchmarkCoverage(req), rosterOf(req, classroom.id), classroomCells(req, classroom.id)])
  return masteryOf(classroom, coverage, students, cells)
}

export const masteryOf = (
  classroom: Pick<Classroom, 'id' | 'name' | 'code'>,
  coverage: BenchmarkCoverage[],
  students: ClassroomMastery['students'],
  cells: GridCell[],
): ClassroomMastery => {
  const byKey = new Map(cells.map((c) => [cellKey(c.student, c.activity), c]))
  const activitiesOf = coverage.map((b) => b.activities.map((a) => a.id))
  const categories = REPORTING_CATEGORY_KEYS.filter((key) => coverage.some((b) => b.reportingCategory === key))
  const categoryActivities = categories.map((key) => [...new Set(coverage.flatMap((b, i) => (b.reportingCategory === key ? activitiesOf[i] : [])))])
  const valueOf = (student: Id, activities: Id[]): MasteryValue => summarizeCells(activities.map((a) => byKey.get(cellKey(student, a))))
  const ordered = [...students].sort(byStudentName)
  return {
    classroom: { id: classroom.id, name: classroom.name, code: classroom.code },
    benchmarks: coverage.map(({ id, code, framework, statement, reportingCategory }) => ({ id, code, framework, statement, reportingCategory })),
    categories,
    students: ordered,
    rows: ordered.map((s) => ({
      student: s.id,
      benchmarks: activitiesOf.map((activities) => valueOf(s.id, activities)),
      categories: categoryActivities.map((activities) => valueOf(s.id, activities)),
    })),
  }
}

const BOM = '\uFEFF'
const displayName = (s: ClassroomMastery['students'][number]) => [s.firstName, s.lastName].filter(Boolean).join(' ')

/**
 * The mastery view as CSV, one row per student: for each reporting category, then each benchmark,
 * the activities done (of how many) and the average score. Formulas escaped, CRLF line ends (as the
 * progress export).
 */
export const masteryCsv = (mastery: ClassroomMastery): string => {
  const header = ['Name', 'Username']
  for (const key of mastery.categories)
    header.push(`Category ${key} (${REPORTING_CATEGORIES[key]}): done`, `Category ${key}: of`, `Category ${key}: average score (%)`)
  for (const b of mastery.benchmarks) header.push(`${b.code}: done`, `${b.code}: of`, `${b.code}: average score (%)`)
  const records: (string | number | null)[][] = [header]
  mastery.students.forEach((student, i) => {
    const row = mastery.rows[i]
    const values = [...row.categories, ...row.benchmarks].flatMap((v) => [v.done, v.total, v.average])
    records.push([displayName(student), student.username, ...values])
  })
  return BOM + stringify(records, { escape_formulas: true, record_delimiter: 'windows' })
}

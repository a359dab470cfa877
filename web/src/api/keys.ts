// SWR keys are the API paths they fetch, so mutate() can target them. The one key factory of the
// SPA: the public pages' reads (`keys`) and the console's lists and documents (`listKey`, `docKey`,
// `optionsKey`) alike.
import { apiPaths } from '../../../common/apiPaths'
import { DEFAULT_LOCALE, type Locale } from '../../../common/locales'
import type { StaffCollection } from '../../../common/scopes'

const PAGE_SIZE = 20

export const keys = {
  topics: apiPaths.topics,
  topic: (id: string) => apiPaths.topic(id),
  modules: () => '/api/modules?sort=order&depth=1&limit=100',
  module: (id: string) => apiPaths.module(id),
  pageBySlug: (slug: string) => `/api/pages/slug/${encodeURIComponent(slug)}`,
  countries: () => '/api/countries?limit=0&pagination=false&sort=countryName',
  schoolSearch: (q: string) => `/api/schools?q=${encodeURIComponent(q)}`,
  classrooms: (userId: string | number) => `/api/users/${userId}/classrooms`,
  archivedClassrooms: (userId: string | number) => `/api/users/${userId}/classrooms?archived=true`,
  classroom: apiPaths.classroom,
  generatedUsername: () => '/api/users/username',
  /** The districts whose sign-in is on (the picker on /login). */
  districts: () => '/api/identity-providers/districts',
  /** A signed-in student's class and the activity they opened last (the home page's first section). */
  studentHome: (userId: string | number) => `/api/users/${encodeURIComponent(String(userId))}/home`,
  classroomProgress: apiPaths.classroomProgress,
  classroomAssignments: apiPaths.classroomAssignments,
  assignmentReport: (assignmentId: string | number) => `/api/assignments/${encodeURIComponent(String(assignmentId))}/report`,
  /** The signed-in student's To do / Missing / Done. */
  myAssignments: () => '/api/assignments/mine',
  activityColumns: apiPaths.activityColumns,
  studentProgress: (classroomId: string | number, studentId: string | number) =>
    `/api/classrooms/${encodeURIComponent(String(classroomId))}/students/${encodeURIComponent(String(studentId))}/progress`,
  /** Every benchmark, in the standards' order (the Explore Topics filter, the console's tag pickers). */
  benchmarks: () =>
    '/api/benchmarks?sort=order&limit=100&depth=0&select[code]=true&select[framework]=true&select[statement]=true&select[reportingCategory]=true',
  benchmarkCoverage: () => '/api/benchmarks/coverage',
  /**
   * Explore Topics' search: titles containing `text` in the page's language (the client adds it),
   * tagged with `benchmark` when one is chosen (topics have no tags: none then).
   */
  findContent: (collection: 'topics' | 'modules' | 'activities', text: string, benchmark: string) => {
    const query = new URLSearchParams({ depth: '0', limit: '20', sort: 'order', 'select[title]': 'true' })
    if (collection === 'activities') query.set('select[module]', 'true')
    if (text) query.set('where[title][like]', text)
    if (benchmark) query.set('where[benchmarks][in]', benchmark)
    return `/api/${collection}?${query}`
  },
  classroomBenchmarks: apiPaths.classroomBenchmarks,
  /** The user's own attempts at these activities (teachers read others' too, so `student` is explicit). */
  ownAttempts: (userId: string | number, activityIds: (string | number)[]) =>
    `/api/attempts?where[student][equals]=${encodeURIComponent(String(userId))}&where[activity][in]=${activityIds.map((id) => encodeURIComponent(String(id))).join(',')}&depth=0&limit=${Math.max(activityIds.length, 1)}&select[activity]=true&select[status]=true&select[score]=true&select[openCount]=true&select[lastOpenedAt]=true&select[student]=true`,
}

export interface ListQuery {
  page?: number
  sort?: string
  /** Extra query-string pairs, e.g. ['where[status][equals]', 'open']. */
  params?: [string, string][]
  /**
   * Fields to read (a group's field as 'group.field'): lists ask only for what they show, so they
   * stay fast with many rows.
   */
  select?: string[]
  limit?: number
  depth?: number
}

/** Payload's query name selecting a field ('attributes.type' → select[attributes][type]). */
const selectParam = (field: string) => `select[${field.split('.').join('][')}]`

export function listKey(
  collection: StaffCollection | 'audit-log',
  { page = 1, sort, params = [], select = [], limit = PAGE_SIZE, depth = 0 }: ListQuery = {},
): string {
  const query = new URLSearchParams()
  query.set('limit', String(limit))
  query.set('page', String(page))
  query.set('depth', String(depth))
  if (sort) query.set('sort', sort)
  for (const field of select) query.set(selectParam(field), 'true')
  for (const [name, value] of params) query.append(name, value)
  return `/api/${collection}?${query.toString()}`
}

/**
 * One document. `populate` names the fields to read of related documents, per collection
 * (e.g. { modules: ['title'] }), so a topic with many modules does not render each one's rich text.
 * `locale` is the language the console edits in.
 */
export function docKey(
  collection: StaffCollection,
  id: string | number,
  depth = 1,
  populate: Record<string, string[]> = {},
  locale: Locale = DEFAULT_LOCALE,
): string {
  const query = new URLSearchParams({ depth: String(depth) })
  // Without fallback: a translation not written yet comes as empty fields, not as the English to overwrite.
  if (locale !== DEFAULT_LOCALE) {
    query.set('locale', locale)
    query.set('fallback-locale', 'none')
  }
  for (const [related, fields] of Object.entries(populate)) {
    for (const field of fields) query.set(`populate[${related}][${field}]`, 'true')
  }
  return `/api/${collection}/${encodeURIComponent(String(id))}?${query.toString()}`
}

/** Every document of a small collection, for selectors (topics, modules). */
export function optionsKey(collection: StaffCollection, sort: string, select: string[]): string {
  const query = new URLSearchParams({ pagination: 'false', limit: '0', depth: '0', sort })
  for (const field of select) query.set(selectParam(field), 'true')
  return `/api/${collection}?${query.toString()}`
}

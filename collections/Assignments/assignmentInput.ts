import type { PayloadRequest } from 'payload'

import { type AssignmentState, assignmentStates, DEFAULT_DUE_TIME } from '../../common/assignments'
import { isTimeZone, parseSchoolTime } from '../../common/zonedTime'
import { type Body, type FieldError, onlyFields, optionalString, throwIfErrors } from '@cms/http/endpointInput'
import type { Assignment, Classroom } from '../../cms/payload-types'

export const assignmentMessages = {
  title: 'Give the assignment a title.',
  classroom: 'classroom is required: the id of the classroom the work is for.',
  classroomFixed: 'classroom cannot change: create the assignment again in the other classroom.',
  time: (field: string) =>
    `${field} must be a date (2026-03-06), a time on the classroom's clock (2026-03-06T23:59) or a time with its offset (2026-03-07T04:59:00Z).`,
  dueRequired: 'dueAt is required: when the work is due.',
  dueBeforeAvailable: (field: string) => `${field} must be after availableFrom: work cannot be due before students can see it.`,
  noItems: 'Choose at least one module or activity.',
  ids: (field: string) => `${field} must be a list of ids.`,
  tooMany: (field: string, max: number) => `${field} may hold at most ${max} entries.`,
  unknownModule: (id: unknown) => `No module has the id ${id}.`,
  emptyModule: (title: string) => `The module "${title}" has no activities to do yet.`,
  unknownActivity: (id: unknown) => `No activity has the id ${id}.`,
  noModule: (title: string) => `The activity "${title}" belongs to no module; only activities of a module can be assigned.`,
  notInClass: (id: unknown) => `Student ${id} is not in this classroom.`,
  notAssigned: (id: unknown) => `Student ${id} is not given this assignment, so their due time cannot be extended.`,
  state: 'state must be draft or published.',
  timeZone: 'timeZone must be a time zone name such as America/New_York or America/Chicago.',
  extension: 'Each extension is { student, dueAt }.',
} as const

type Id = number | string
const MAX_ITEMS = 500
const MAX_STUDENTS = 200

/** What a write may change; absent keys keep the stored value. */
export type AssignmentChange = {
  title?: string
  instructions?: string
  state?: AssignmentState
  availableFrom?: string | null
  dueAt?: string
  modules?: Id[]
  activities?: Id[]
  students?: Id[]
  extensions?: { student: Id; dueAt: string }[]
}

const fields = ['title', 'instructions', 'state', 'availableFrom', 'dueAt', 'modules', 'activities', 'students', 'extensions', 'timeZone'] as const

const isId = (value: unknown): value is Id =>
  (typeof value === 'number' && Number.isInteger(value) && value > 0) || (typeof value === 'string' && /^[A-Za-z0-9-]{1,64}$/.test(value))

/** A list of ids (duplicates dropped), or undefined when absent; a 400 naming the field otherwise. */
const idList = (body: Body, key: string, max: number, errors: FieldError[]): Id[] | undefined => {
  const value = body[key]
  if (value === undefined) return undefined
  if (!Array.isArray(value) || !value.every(isId)) {
    errors.push({ path: key, message: assignmentMessages.ids(key) })
    return undefined
  }
  if (value.length > max) errors.push({ path: key, message: assignmentMessages.tooMany(key, max) })
  const seen = new Set<string>()
  // Form values are text: "12" names the same document as 12, which the SQL adapters store as a number.
  return value.map((id) => (typeof id === 'string' && /^\d{1,15}$/.test(id) ? Number(id) : id)).filter((id) => !seen.has(String(id)) && seen.add(String(id)))
}

const relationId = (value: unknown): Id => (value && typeof value === 'object' ? (value as { id: Id }).id : (value as Id))
const ids = (values: unknown): Id[] => (Array.isArray(values) ? values.map(relationId) : [])

/**
 * Reads and checks a POST or PATCH body against the classroom (its time zone, its students) and
 * the stored assignment when there is one. Every problem is a 400 naming its field: times that are
 * not times or due before they are available, items that are not a module's, students who are not
 * in the class, an unknown time zone.
 */
export const checkAssignmentInput = async (req: PayloadRequest, body: Body, classroom: Classroom, stored: Assignment | null): Promise<AssignmentChange> => {
  onlyFields(body, stored ? fields : ['classroom', ...fields])
  const errors: FieldError[] = []
  const change: AssignmentChange = {}

  const timeZone = body.timeZone === undefined ? (classroom.timeZone ?? 'America/New_York') : body.timeZone
  if (!isTimeZone(timeZone)) errors.push({ path: 'timeZone', message: assignmentMessages.timeZone })
  const zone = isTimeZone(timeZone) ? timeZone : 'UTC'

  const title = optionalString(body, 'title', errors, 'title', 200)
  if (title !== undefined || !stored) {
    if (!title) errors.push({ path: 'title', message: assignmentMessages.title })
    else change.title = title
  }
  const instructions = optionalString(body, 'instructions', errors, 'instructions', 5000)
  if (instructions !== undefined) change.instructions = instructions

  if (body.state !== undefined) {
    if (!(assignmentStates as readonly unknown[]).includes(body.state)) errors.push({ path: 'state', message: assignmentMessages.state })
    else change.state = body.state as AssignmentState
  }

  const time = (key: string, defaultTime: string): string | null | undefined => {
    const value = body[key]
    if (value === undefined) return undefined
    if (value === null || value === '') return null
    const parsed = typeof value === 'string' && value.length <= 40 ? parseSchoolTime(value, zone, defaultTime) : null
    if (parsed === null) {
      errors.push({ path: key, message: assignmentMessages.time(key) })
      return undefined
    }
    return new Date(parsed).toISOString()
  }
  const availableFrom = time('availableFrom', '00:00')
  if (availableFrom !== undefined) change.availableFrom = availableFrom
  const dueAt = time('dueAt', DEFAULT_DUE_TIME)
  if (dueAt === null || (dueAt === undefined && !stored && !errors.some((e) => e.path === 'dueAt')))
    errors.push({ path: 'dueAt', message: assignmentMessages.dueRequired })
  else if (dueAt) change.dueAt = dueAt

  const modules = idList(body, 'modules', MAX_ITEMS, errors)
  const activities = idList(body, 'activities', MAX_ITEMS, errors)
  const students = idList(body, 'students', MAX_STUDENTS, errors)
  if (modules) change.modules = modules
  if (activities) change.activities = activities
  if (students) change.students = students

  let extensions: { student: Id; dueAt: string }[] | undefined
  if (body.extensions !== undefined) {
    const list = body.extensions
    if (!Array.isArray(list) || list.length > MAX_STUDENTS) errors.push({ path: 'extensions', message: assignmentMessages.extension })
    else {
      extensions = []
      list.forEach((entry, i) => {
        const path = `extensions.${i}`
        if (!entry || typeof entry !== 'object' || Array.isArray(entry) || !isId((entry as Body).student)) {
          errors.push({ path, message: assignmentMessages.extension })
          return
        }
        const unknown = Object.keys(entry).filter((k) => k !== 'student' && k !== 'dueAt')
        if (unknown.length) errors.push({ path: `${path}.${unknown[0]}`, message: `Unknown field: ${path}.${unknown[0]}.` })
        const value = (entry as Body).dueAt
        const parsed = typeof value === 'string' && value.length <= 40 ? parseSchoolTime(value, zone, DEFAULT_DUE_TIME) : null
        if (parsed === null) errors.push({ path: `${path}.dueAt`, message: assignmentMessages.time(`${path}.dueAt`) })
        else {
          const student = (entry as Body).student as Id
          extensions!.push({
            student: typeof student === 'string' && /^\d{1,15}$/.test(student) ? Number(student) : student,
            dueAt: new Date(parsed).toISOString(),
          })
        }
      })
    }
  }
  throwIfErrors(errors)

  // The assignment as it will be, to check what holds across fields.
  const merged = {
    availableFrom: change.availableFrom !== undefined ? change.availableFrom : (stored?.availableFrom ?? null),
    dueAt: change.dueAt ?? stored?.dueAt ?? '',
    modules: change.modules ?? ids(stored?.modules),
    activities: change.activities ?? ids(stored?.activities),
    students: change.students ?? ids(stored?.students),
    extensions: extensions ?? (stored?.extensions ?? []).map((e) => ({ student: relationId(e.student), dueAt: e.dueAt })),
  }
  if (merged.availableFrom && Date.parse(merged.dueAt) <= Date.parse(merged.availableFrom)) {
    errors.push({ path: change.dueAt ? 'dueAt' : 'availableFrom', message: assignmentMessages.dueBeforeAvailable(change.dueAt ? 'dueAt' : 'availableFrom') })
  }
  if (!merged.modules.length && !merged.activities.length)
    errors.push({ path: change.activities ? 'activities' : 'modules', message: assignmentMessages.noItems })

  if (change.modules?.length) {
    const { docs } = await req.payload.find({
      collection: 'modules',
      where: { id: { in: change.modules } },
      select: { title: true, activities: true },
      joins: { activities: { limit: 1 } },
      pagination: false,
      depth: 0,
      overrideAccess: true,
      req,
    })
    const found = new Map(docs.map((d) => [String(d.id), d]))
    change.modules.forEach((id, i) => {
      const module = found.get(String(id))
      if (!module) errors.push({ path: `modules.${i}`, message: assignmentMessages.unknownModule(id) })
      else if (!module.activities?.docs?.length) errors.push({ path: `modules.${i}`, message: assignmentMessages.emptyModule(module.title ?? String(id)) })
    })
  }
  if (change.activities?.length) {
    const { docs } = await req.payload.find({
      collection: 'activities',
      where: { id: { in: change.activities } },
      select: { title: true, module: true },
      pagination: false,
      depth: 0,
      overrideAccess: true,
      req,
    })
    const found = new Map(docs.map((d) => [String(d.id), d]))
    change.activities.forEach((id, i) => {
      const activity = found.get(String(id))
      if (!activity) errors.push({ path: `activities.${i}`, message: assignmentMessages.unknownActivity(id) })
      else if (!activity.module) errors.push({ path: `activities.${i}`, message: assignmentMessages.noModule(activity.title ?? String(id)) })
    })
  }

  const named = [...(change.students ?? []), ...(extensions ?? []).map((e) => e.student)]
  if (named.length) {
    const { docs } = await req.payload.db.find<{ id: Id }>({
      collection: 'users',
      where: { and: [{ id: { in: named } }, { 'attributes.classroom': { equals: classroom.id } }] },
      select: { id: true },
      pagination: false,
      limit: 0,
      req,
    })
    const inClass = new Set(docs.map((d) => String(d.id)))
    change.students?.forEach((id, i) => {
      if (!inClass.has(String(id))) errors.push({ path: `students.${i}`, message: assignmentMessages.notInClass(id) })
    })
    const assigned = new Set(merged.students.map(String))
    extensions?.forEach((e, i) => {
      if (!inClass.has(String(e.student))) errors.push({ path: `extensions.${i}.student`, message: assignmentMessages.notInClass(e.student) })
      else if (assigned.size && !assigned.has(String(e.student)))
        errors.push({ path: `extensions.${i}.student`, message: assignmentMessages.notAssigned(e.student) })
    })
  }
  merged.extensions.forEach((e, i) => {
    if (merged.availableFrom && Date.parse(e.dueAt) <= Date.parse(merged.availableFrom)) {
      errors.push({ path: `extensions.${i}.dueAt`, message: assignmentMessages.dueBeforeAvailable(`extensions.${i}.dueAt`) })
    }
  })
  throwIfErrors(errors)
  if (extensions) {
    // One extension per student: the last given wins.
    change.extensions = [...new Map(extensions.map((e) => [String(e.student), e])).values()]
  }
  return change
}

/**
 * What an import would change, worked out against the database before anything is written: the
 * dry run shows it, the confirmation applies it (./apply.ts). Every reference is resolved here, so
 * a row that points at nothing (an orphan enrolment, a class in no school) refuses the whole import
 * with its file and line before the first write.
 */
import type { PayloadRequest } from 'payload'

import type {
  RosterChange,
  RosterChangeAction,
  RosterChangeKind,
  RosterCounts,
  RosterPreview,
  RosterRowError,
  RosterSchoolShare,
} from '../../common/answers/rosterImports'
import type { Classroom, School, User } from '../../cms/payload-types'
import type { EnrollmentRow, RosterRecords, UserRow } from './oneroster'
import { RosterFileErrors } from './oneroster'

export const planMessages = {
  orphanClass: 'This enrolment names a class that is neither in classes.csv nor already imported for this district.',
  orphanUser: 'This enrolment names a user who is neither in users.csv nor already imported for this district.',
  noSchool: 'This class names a school that is neither in orgs.csv nor already imported for this district.',
  noTeacher: 'This class has no teacher enrolment, so it has nobody to own it.',
  teacherNotTeacher: "This class's teacher enrolment names someone who is not a teacher.",
  emailOfStudent: 'This email belongs to a student account, which a teacher cannot be linked to.',
  emailLinkedElsewhere: 'This email belongs to an account the district already knows by another sourcedId.',
  duplicateEmail: 'This email is already on an earlier line of users.csv.',
  studentIsStaff: 'This sourcedId is already imported for this district as an account that is not a student.',
  teacherIsStudent: 'This sourcedId is already imported for this district as a student account.',
} as const

export const skipReasons = {
  role: (role: string) => `The role ${role || '(none)'} is not imported: only teachers and students are.`,
  secondClass: (className: string) => `A student belongs to one classroom here; kept in ${className}.`,
  notSchool: (type: string) => `Organisations of type ${type} are not imported as schools.`,
  deletedSchool: 'A school is not deleted by an import; its classes and students are.',
  unknownDeleted: 'Nothing imported has this sourcedId.',
} as const

type Id = number
const rowLimit = 500

export type SchoolWrite = { sourcedId: string; name: string; district: string; existingId?: Id }
export type TeacherWrite = { sourcedId: string; firstName: string; lastName: string; email?: string; schoolSourcedId?: string; existingId?: Id }
export type StudentWrite = { sourcedId: string; rosterName: string; existingId?: Id }
export type ClassroomWrite = { sourcedId: string; name: string; schoolSourcedId?: string; teacherSourcedId?: string; existingId?: Id; archive?: boolean }

export type RosterPlan = {
  district: string
  preview: RosterPreview
  schools: SchoolWrite[]
  teachers: TeacherWrite[]
  students: StudentWrite[]
  classrooms: ClassroomWrite[]
  /** Students (by sourcedId) who go into a classroom (by sourcedId). */
  joins: { studentSourcedId: string; classSourcedId: string }[]
  /** Students (by id) who leave their classroom. */
  removals: Id[]
}

const idOf = (value: unknown): Id | null => (value && typeof value === 'object' ? Number((value as { id: unknown }).id) : value == null ? null : Number(value))
const isTeacherRole = (role: string) => role === 'teacher'
const isStudentRole = (role: string) => role === 'student'
const fullName = (user: Pick<UserRow, 'givenName' | 'familyName'>) => `${user.givenName} ${user.familyName}`.trim().slice(0, 100)

type ExistingUser = Pick<User, 'id' | 'email' | 'emailVerified' | 'rosterName' | 'roster' | 'attributes'>

/** The district's records already in the database, and the students of its classrooms. */
const loadExisting = async (req: PayloadRequest, district: string) => {
  const find = async <T>(collection: 'schools' | 'classrooms' | 'users', where: object, select: object): Promise<T[]> =>
    (await req.payload.find({ collection, where: where as never, select: select as never, pagination: false, depth: 0, overrideAccess: true, req })).docs as T[]
  const schools = await find<Pick<School, 'id' | 'name' | 'district' | 'roster'>>(
    'schools',
    { 'roster.district': { equals: district } },
    { name: true, district: true, roster: true },
  )
  const classrooms = await find<Pick<Classroom, 'id' | 'name' | 'owner' | 'archivedAt' | 'roster'>>(
    'classrooms',
    { 'roster.district': { equals: district } },
    { name: true, owner: true, archivedAt: true, roster: true },
  )
  const userSelect = {
    email: true,
    emailVerified: true,
    rosterName: true,
    roster: true,
    attributes: { type: true, firstName: true, lastName: true, classroom: true, school: true },
  }
  const users = await find<ExistingUser>('users', { 'roster.district': { equals: district } }, userSelect)
  const members = classrooms.length
    ? await find<ExistingUser>(
        'users',
        { and: [{ 'attributes.classroom': { in: classrooms.map((c) => c.id) } }, { 'attributes.type': { equals: 'student' } }] },
        userSelect,
      )
    : []
  return { schools, classrooms, users, members, userSelect, find }
}

/**
 * The import's plan for `district`. Throws `RosterFileErrors` with every row that cannot be
 * applied; otherwise every write it lists will find what it refers to.
 */
export const planImport = async (req: PayloadRequest, district: string, records: RosterRecords): Promise<RosterPlan> => {
  const existing = await loadExisting(req, district)
  const errors: RosterRowError[] = []
  const changes: RosterChange[] = []
  const counts: RosterCounts = { school: {}, classroom: {}, teacher: {}, student: {} }
  const note = (file: string, line: number, kind: RosterChangeKind, action: RosterChangeAction, sourcedId: string, name: string, detail?: string) => {
    counts[kind][action] = (counts[kind][action] ?? 0) + 1
    changes.push({ file, line, kind, action, sourcedId, name, ...(detail ? { detail } : {}) })
  }
  const schoolBySid = new Map(existing.schools.map((s) => [s.roster?.sourcedId ?? '', s]))
  const classroomBySid = new Map(existing.classrooms.map((c) => [c.roster?.sourcedId ?? '', c]))
  const userBySid = new Map(existing.users.map((u) => [u.roster?.sourcedId ?? '', u]))
  const classroomById = new Map(existing.classrooms.map((c) => [c.id, c]))

  // Schools: orgs of type school. The district's own org names the schools' district.
  const districtName = records.orgs.find((o) => o.type === 'district' && o.status === 'active')?.name ?? district
  const schools: SchoolWrite[] = []
  const importedSchools = new Set<string>()
  for (const org of records.orgs) {
    if (org.type !== 'school') {
      if (org.type !== 'district') note('orgs.csv', org.line, 'school', 'skip', org.sourcedId, org.name, skipReasons.notSchool(org.type))
      continue
    }
    const found = schoolBySid.get(org.sourcedId)
    if (org.status === 'tobedeleted') {
      note('orgs.csv', org.line, 'school', 'skip', org.sourcedId, org.name, skipReasons.deletedSchool)
      if (found) importedSchools.add(org.sourcedId)
      continue
    }
    importedSchools.add(org.sourcedId)
    if (!found) {
      schools.push({ sourcedId: org.sourcedId, name: org.name, district: districtName })
      note('orgs.csv', org.line, 'school', 'create', org.sourcedId, org.name)
    } else if (found.name !== org.name) {
      schools.push({ sourcedId: org.sourcedId, name: org.name, district: found.district, existingId: found.id })
      note('orgs.csv', org.line, 'school', 'update', org.sourcedId, org.name)
    }
  }
  const schoolKnown = (sid: string) => importedSchools.has(sid) || schoolBySid.has(sid)

  // Who is a teacher and who a student: users.csv's role (1.1) or roles.csv (1.2), else their enrolments.
  const enrolmentRole = new Map<string, string>()
  for (const e of records.enrollments) if (!enrolmentRole.has(e.userSourcedId)) enrolmentRole.set(e.userSourcedId, e.role)
  const userRows = new Map(records.users.map((u) => [u.sourcedId, u]))
  const roleOf = (sid: string): string => {
    const row = userRows.get(sid)
    if (row?.role) return row.role
    const known = userBySid.get(sid)
    if (!row && known) return known.attributes?.type === 'student' ? 'student' : 'teacher'
    return enrolmentRole.get(sid) ?? ''
  }

  // Accounts: by sourcedId; a new teacher's email links an existing account only when that email is confirmed.
  const teachers: TeacherWrite[] = []
  const students: StudentWrite[] = []
  const deletedUsers = new Set<string>()
  const activeUsers = new Set<string>()
  const changedAccounts = new Set<Id>()
  const newTeacherEmails = records.users.filter((u) => u.status === 'active' && isTeacherRole(roleOf(u.sourcedId)) && u.email && !userBySid.has(u.sourcedId))
  const byEmail = new Map<string, ExistingUser>()
  if (newTeacherEmails.length) {
    const found = await existing.find<ExistingUser>('users', { email: { in: newTeacherEmails.map((u) => u.email) } }, existing.userSelect)
    for (const u of found) if (u.email) byEmail.set(u.email.toLowerCase(), u)
  }
  const emailsSeen = new Set<string>()
  for (const row of records.users) {
    const role = roleOf(row.sourcedId)
    const kind: RosterChangeKind = isStudentRole(role) ? 'student' : 'teacher'
    const found = userBySid.get(row.sourcedId)
    if (!isTeacherRole(role) && !isStudentRole(role)) {
      note('users.csv', row.line, 'teacher', 'skip', row.sourcedId, fullName(row), skipReasons.role(role))
      continue
    }
    if (row.status === 'tobedeleted') {
      deletedUsers.add(row.sourcedId)
      continue
    }
    if (found && (found.attributes?.type === 'student') !== (kind === 'student')) {
      errors.push({ file: 'users.csv', line: row.line, message: kind === 'student' ? planMessages.studentIsStaff : planMessages.teacherIsStudent })
      continue
    }
    activeUsers.add(row.sourcedId)
    if (kind === 'student') {
      const rosterName = fullName(row)
      if (!found) {
        students.push({ sourcedId: row.sourcedId, rosterName })
        note('users.csv', row.line, 'student', 'create', row.sourcedId, rosterName)
      } else if ((found.rosterName ?? '') !== rosterName) {
        students.push({ sourcedId: row.sourcedId, rosterName, existingId: found.id })
        changedAccounts.add(found.id)
        note('users.csv', row.line, 'student', 'update', row.sourcedId, rosterName)
      }
      continue
    }
    const names = { firstName: row.givenName, lastName: row.familyName, schoolSourcedId: row.orgSourcedIds.find(schoolKnown) }
    if (found) {
      if ((found.attributes?.firstName ?? '') !== row.givenName || (found.attributes?.lastName ?? '') !== row.familyName) {
        teachers.push({ sourcedId: row.sourcedId, ...names, existingId: found.id })
        changedAccounts.add(found.id)
        note('users.csv', row.line, 'teacher', 'update', row.sourcedId, fullName(row))
      }
      continue
    }
    if (row.email && emailsSeen.has(row.email)) {
      errors.push({ file: 'users.csv', line: row.line, message: planMessages.duplicateEmail })
      continue
    }
    if (row.email) emailsSeen.add(row.email)
    const holder = row.email ? byEmail.get(row.email) : undefined
    if (holder?.attributes?.type === 'student') {
      errors.push({ file: 'users.csv', line: row.line, message: planMessages.emailOfStudent })
    } else if (holder?.roster?.sourcedId) {
      errors.push({ file: 'users.csv', line: row.line, message: planMessages.emailLinkedElsewhere })
    } else if (holder?.emailVerified) {
      // The account's owner proved the address: the district's record is theirs.
      teachers.push({ sourcedId: row.sourcedId, ...names, existingId: holder.id })
      changedAccounts.add(holder.id)
      note('users.csv', row.line, 'teacher', 'link', row.sourcedId, fullName(row), row.email)
    } else {
      // An unconfirmed holder of the address may not be its owner: a new account, without the email.
      teachers.push({ sourcedId: row.sourcedId, ...names, ...(row.email && !holder ? { email: row.email } : {}) })
      note('users.csv', row.line, 'teacher', 'create', row.sourcedId, fullName(row), holder ? 'email held by an unconfirmed account: not linked' : undefined)
    }
  }
  const userKnown = (sid: string) => activeUsers.has(sid) || (userBySid.has(sid) && !deletedUsers.has(sid))

  // Enrolments: each class's teacher, each student's classroom; orphans refuse the import.
  const classRows = new Map(records.classes.map((c) => [c.sourcedId, c]))
  const classKnown = (sid: string) =>
    (classRows.has(sid) && classRows.get(sid)?.status === 'active') || (classroomBySid.has(sid) && !classroomBySid.get(sid)?.archivedAt)
  const teacherOf = new Map<string, EnrollmentRow>()
  const target = new Map<string, EnrollmentRow>()
  const leaving: EnrollmentRow[] = []
  for (const e of records.enrollments) {
    if (e.status === 'tobedeleted') {
      leaving.push(e)
      continue
    }
    if (!classKnown(e.classSourcedId)) {
      errors.push({ file: 'enrollments.csv', line: e.line, message: planMessages.orphanClass })
      continue
    }
    if (!userKnown(e.userSourcedId) && !deletedUsers.has(e.userSourcedId)) {
      errors.push({ file: 'enrollments.csv', line: e.line, message: planMessages.orphanUser })
      continue
    }
    if (deletedUsers.has(e.userSourcedId)) continue
    if (isTeacherRole(e.role)) {
      const current = teacherOf.get(e.classSourcedId)
      if (!current || (e.primary && !current.primary)) teacherOf.set(e.classSourcedId, e)
    } else if (isStudentRole(e.role)) {
      const first = target.get(e.userSourcedId)
      if (!first) target.set(e.userSourcedId, e)
      else {
        const kept = classRows.get(first.classSourcedId)?.title ?? classroomBySid.get(first.classSourcedId)?.name ?? first.classSourcedId
        note('enrollments.csv', e.line, 'student', 'skip', e.userSourcedId, nameOf(e.userSourcedId), skipReasons.secondClass(kept))
      }
    }
  }
  function nameOf(userSid: string): string {
    const row = userRows.get(userSid)
    if (row) return fullName(row)
    return userBySid.get(userSid)?.rosterName ?? userSid
  }

  // Classes: a school, a teacher (a new class must have one), a name.
  const classrooms: ClassroomWrite[] = []
  for (const row of records.classes) {
    const found = classroomBySid.get(row.sourcedId)
    if (row.status === 'tobedeleted') {
      if (found && !found.archivedAt) {
        classrooms.push({ sourcedId: row.sourcedId, name: found.name, existingId: found.id, archive: true })
        note('classes.csv', row.line, 'classroom', 'archive', row.sourcedId, found.name)
      } else if (!found) note('classes.csv', row.line, 'classroom', 'skip', row.sourcedId, row.title, skipReasons.unknownDeleted)
      continue
    }
    if (!schoolKnown(row.schoolSourcedId)) {
      errors.push({ file: 'classes.csv', line: row.line, message: planMessages.noSchool })
      continue
    }
    const teacher = teacherOf.get(row.sourcedId)
    if (teacher && roleOf(teacher.userSourcedId) !== 'teacher') {
      errors.push({ file: 'classes.csv', line: row.line, message: planMessages.teacherNotTeacher })
      continue
    }
    if (!found) {
      if (!teacher) {
        errors.push({ file: 'classes.csv', line: row.line, message: planMessages.noTeacher })
        continue
      }
      classrooms.push({ sourcedId: row.sourcedId, name: row.title, schoolSourcedId: row.schoolSourcedId, teacherSourcedId: teacher.userSourcedId })
      note('classes.csv', row.line, 'classroom', 'create', row.sourcedId, row.title, nameOf(teacher.userSourcedId))
      continue
    }
    const ownerSid = teacher?.userSourcedId
    const ownerChanged = ownerSid !== undefined && userBySid.get(ownerSid)?.id !== idOf(found.owner)
    const schoolChanged = schoolBySid.get(row.schoolSourcedId)?.id !== idOf(found.roster?.school)
    if (found.name !== row.title || ownerChanged || schoolChanged || found.archivedAt) {
      classrooms.push({
        sourcedId: row.sourcedId,
        name: row.title,
        schoolSourcedId: row.schoolSourcedId,
        ...(ownerChanged ? { teacherSourcedId: ownerSid } : {}),
        existingId: found.id,
      })
      if (ownerChanged) changedAccounts.add(idOf(found.owner) ?? -1)
      note('classes.csv', row.line, 'classroom', 'update', row.sourcedId, row.title)
    }
  }
  // Memberships: joins, then who leaves (tobedeleted users and enrolments, and bulk files' absentees).
  const memberBySid = new Map<string, ExistingUser>()
  for (const u of [...existing.members, ...existing.users]) if (u.roster?.district === district && u.roster?.sourcedId) memberBySid.set(u.roster.sourcedId, u)
  const classroomOfUser = (u: ExistingUser | undefined) => (u ? classroomById.get(idOf(u.attributes?.classroom) ?? -1) : undefined)
  const joins: RosterPlan['joins'] = []
  for (const [studentSid, e] of target) {
    if (roleOf(studentSid) !== 'student') continue
    const current = classroomOfUser(memberBySid.get(studentSid))
    if (current?.roster?.sourcedId === e.classSourcedId) continue
    joins.push({ studentSourcedId: studentSid, classSourcedId: e.classSourcedId })
    const account = memberBySid.get(studentSid)
    if (account) changedAccounts.add(account.id)
    const className = classRows.get(e.classSourcedId)?.title ?? classroomBySid.get(e.classSourcedId)?.name ?? e.classSourcedId
    note('enrollments.csv', e.line, 'student', 'join', studentSid, nameOf(studentSid), className)
  }
  const removals = new Set<Id>()
  const remove = (account: ExistingUser, file: string, line: number, sid: string) => {
    const current = classroomOfUser(account)
    if (!current || removals.has(account.id)) return
    removals.add(account.id)
    changedAccounts.add(account.id)
    note(file, line, 'student', 'remove', sid, account.rosterName ?? sid, current.name)
  }
  for (const sid of deletedUsers) {
    const account = memberBySid.get(sid)
    const row = userRows.get(sid)
    if (account && account.attributes?.type === 'student' && !target.has(sid)) remove(account, 'users.csv', row?.line ?? 0, sid)
  }
  for (const e of leaving) {
    const account = memberBySid.get(e.userSourcedId)
    if (account && classroomOfUser(account)?.roster?.sourcedId === e.classSourcedId && !target.has(e.userSourcedId))
      remove(account, 'enrollments.csv', e.line, e.userSourcedId)
  }
  if (records.modes.enrollments === 'bulk') {
    // A bulk file is the whole roster of the classes it names: the district's students it no longer lists leave them.
    const covered = new Set([...records.classes.map((c) => c.sourcedId), ...records.enrollments.map((e) => e.classSourcedId)])
    for (const account of existing.members) {
      const sid = account.roster?.sourcedId
      const current = classroomOfUser(account)
      if (!sid || account.roster?.district !== district || !current?.roster?.sourcedId || !covered.has(current.roster.sourcedId)) continue
      if (!target.has(sid)) remove(account, 'enrollments.csv', 0, sid)
    }
  }

  if (errors.length) throw new RosterFileErrors(errors.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line).slice(0, 200))

  // Khan's guard: the share of each school's existing accounts (its classrooms' teachers and students) that the import changes.
  const shares: RosterSchoolShare[] = []
  for (const school of existing.schools) {
    const accounts = new Set<Id>()
    for (const classroom of existing.classrooms) {
      if (idOf(classroom.roster?.school) !== school.id) continue
      const owner = idOf(classroom.owner)
      if (owner !== null) accounts.add(owner)
      for (const m of existing.members) if (idOf(m.attributes?.classroom) === classroom.id) accounts.add(m.id)
    }
    const changed = [...accounts].filter((id) => changedAccounts.has(id)).length
    if (changed)
      shares.push({ sourcedId: school.roster?.sourcedId ?? '', name: school.name, accounts: accounts.size, changed, overHalf: changed * 2 > accounts.size })
  }
  const preview: RosterPreview = {
    counts,
    changes: changes.slice(0, rowLimit),
    moreRows: Math.max(0, changes.length - rowLimit),
    schools: shares,
    needsConfirmation: shares.some((s) => s.overHalf),
  }
  return { district, preview, schools, teachers, students, classrooms, joins, removals: [...removals] }
}

/**
 * OneRoster 1.1 CSV zips for tests: the files a district's student information system exports
 * (manifest, orgs, users, classes, enrollments, academicSessions), written from plain rows.
 */
import { buildZip } from './zips'

type Row = Record<string, string>
export type Mode = 'bulk' | 'delta' | 'absent'

const columns = {
  orgs: ['sourcedId', 'status', 'dateLastModified', 'name', 'type', 'identifier', 'parentSourcedId'],
  users: [
    'sourcedId',
    'status',
    'dateLastModified',
    'enabledUser',
    'orgSourcedIds',
    'role',
    'username',
    'userIds',
    'givenName',
    'familyName',
    'middleName',
    'identifier',
    'email',
    'sms',
    'phone',
    'agentSourcedIds',
    'grades',
    'password',
  ],
  classes: [
    'sourcedId',
    'status',
    'dateLastModified',
    'title',
    'grades',
    'courseSourcedId',
    'classCode',
    'classType',
    'location',
    'schoolSourcedId',
    'termSourcedIds',
    'subjects',
    'subjectCodes',
    'periods',
  ],
  enrollments: ['sourcedId', 'status', 'dateLastModified', 'classSourcedId', 'schoolSourcedId', 'userSourcedId', 'role', 'primary', 'beginDate', 'endDate'],
  academicSessions: ['sourcedId', 'status', 'dateLastModified', 'title', 'type', 'startDate', 'endDate', 'parentSourcedId', 'schoolYear'],
} as const
export type RosterTable = keyof typeof columns

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)

/** A CSV file as an export writes it: CRLF line ends, quotes only where needed. */
export const csv = (header: readonly string[], rows: Row[]) =>
  [header.join(','), ...rows.map((row) => header.map((name) => cell(row[name] ?? '')).join(','))].join('\r\n') + '\r\n'

export type Roster = Partial<Record<RosterTable, Row[]>>

/** A zip of the roster's files, the manifest saying `modes` for each (absent for a table not given). */
export const rosterZip = async (
  roster: Roster,
  options: {
    modes?: Partial<Record<RosterTable, Mode>>
    bom?: RosterTable[]
    raw?: Partial<Record<string, string>>
    extra?: Record<string, string>
    version?: string
  } = {},
): Promise<Buffer> => {
  const tables = Object.keys(columns) as RosterTable[]
  const modeOf = (table: RosterTable): Mode => options.modes?.[table] ?? (roster[table] ? 'bulk' : 'absent')
  const manifest = csv(
    ['propertyName', 'value'],
    [
      { propertyName: 'manifest.version', value: '1.0' },
      { propertyName: 'oneroster.version', value: options.version ?? '1.1' },
      ...tables.map((table) => ({ propertyName: `file.${table}`, value: modeOf(table) })),
      { propertyName: 'source.systemName', value: 'Test SIS' },
    ],
  )
  const entries = [{ name: 'manifest.csv', data: manifest }]
  for (const table of tables) {
    const rows = roster[table]
    if (!rows) continue
    const text = options.raw?.[`${table}.csv`] ?? csv(columns[table], rows)
    entries.push({ name: `${table}.csv`, data: options.bom?.includes(table) ? `\uFEFF${text}` : text })
  }
  for (const [name, data] of Object.entries(options.extra ?? {})) entries.push({ name, data })
  return buildZip(entries)
}

export type SampleDistrict = Required<Pick<Roster, 'orgs' | 'users' | 'classes' | 'enrollments' | 'academicSessions'>>

/**
 * A district with one school, two teachers and two classes of `perClass` students each. Every
 * sourcedId starts with `prefix`, so files of several districts never meet.
 */
export const sampleDistrict = (
  prefix: string,
  perClass = 3,
  teacherEmails: [string, string] = [`${prefix}.lopez@district.example`, `${prefix}.carter@district.example`],
): SampleDistrict => {
  const school = `${prefix}-sch-1`
  const teachers = [
    { sourcedId: `${prefix}-t-1`, givenName: 'Maria', familyName: 'Lopez', email: teacherEmails[0] },
    { sourcedId: `${prefix}-t-2`, givenName: 'James', familyName: 'Carter', email: teacherEmails[1] },
  ]
  const classes = [
    { sourcedId: `${prefix}-c-1`, title: 'Civics 7, Period 1', teacher: teachers[0].sourcedId },
    { sourcedId: `${prefix}-c-2`, title: 'Civics 7, Period 2', teacher: teachers[1].sourcedId },
  ]
  const given = ['Ana', 'Ben', 'Chloé', 'Dev', 'Eli', 'Fatou', 'Gus', 'Hana', 'Ivan', 'Jia']
  const students = classes.flatMap((c, ci) =>
    Array.from({ length: perClass }, (_, i) => ({
      sourcedId: `${prefix}-s-${ci + 1}-${i + 1}`,
      givenName: given[(ci * perClass + i) % given.length],
      familyName: `O'Neil, ${ci + 1}${i + 1}`,
      classSourcedId: c.sourcedId,
    })),
  )
  return {
    orgs: [
      { sourcedId: `${prefix}-dist`, name: 'Lakeside County Schools', type: 'district' },
      { sourcedId: school, name: 'Lakeside Middle School', type: 'school', parentSourcedId: `${prefix}-dist` },
    ],
    users: [
      ...teachers.map((t) => ({
        sourcedId: t.sourcedId,
        enabledUser: 'true',
        orgSourcedIds: school,
        role: 'teacher',
        givenName: t.givenName,
        familyName: t.familyName,
        email: t.email,
      })),
      ...students.map((s) => ({
        sourcedId: s.sourcedId,
        enabledUser: 'true',
        orgSourcedIds: school,
        role: 'student',
        givenName: s.givenName,
        familyName: s.familyName,
        grades: '07',
      })),
    ],
    classes: classes.map((c) => ({
      sourcedId: c.sourcedId,
      title: c.title,
      classType: 'scheduled',
      schoolSourcedId: school,
      termSourcedIds: `${prefix}-term-1`,
    })),
    enrollments: [
      ...classes.map((c) => ({
        sourcedId: `${prefix}-e-${c.sourcedId}`,
        classSourcedId: c.sourcedId,
        schoolSourcedId: school,
        userSourcedId: c.teacher,
        role: 'teacher',
        primary: 'true',
      })),
      ...students.map((s) => ({
        sourcedId: `${prefix}-e-${s.sourcedId}`,
        classSourcedId: s.classSourcedId,
        schoolSourcedId: school,
        userSourcedId: s.sourcedId,
        role: 'student',
        primary: 'false',
      })),
    ],
    academicSessions: [{ sourcedId: `${prefix}-term-1`, title: 'Fall 2026', type: 'term', startDate: '2026-08-10', endDate: '2026-12-18', schoolYear: '2027' }],
  }
}

/** Delta rows carry a status and when they changed. */
export const delta = (rows: Row[], status: 'active' | 'tobedeleted' = 'active'): Row[] =>
  rows.map((row) => ({ ...row, status, dateLastModified: '2026-11-20T10:00:00.000Z' }))

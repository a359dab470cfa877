/**
 * Reading a OneRoster 1.1 or 1.2 CSV zip: the manifest, then each file it lists, parsed by a real
 * CSV parser (quotes, embedded commas and line breaks, a UTF-8 BOM) and each row checked by a yup
 * schema. Every bad row is reported with its file and line; nothing is read into the database here.
 */
import { CsvError, parse } from 'csv-parse/sync'
import yauzl, { type Entry, type ZipFile } from 'yauzl'
import * as yup from 'yup'

import type { RosterFile, RosterRowError } from '../../common/answers/rosterImports'

export type FileMode = 'bulk' | 'delta' | 'absent'
export type RowStatus = 'active' | 'tobedeleted'
type Located = { line: number; status: RowStatus }

export type OrgRow = Located & { sourcedId: string; name: string; type: string; parentSourcedId: string }
export type UserRow = Located & { sourcedId: string; role: string; givenName: string; familyName: string; email: string; orgSourcedIds: string[] }
export type ClassRow = Located & { sourcedId: string; title: string; schoolSourcedId: string; termSourcedIds: string[] }
export type EnrollmentRow = Located & {
  sourcedId: string
  classSourcedId: string
  schoolSourcedId: string
  userSourcedId: string
  role: string
  primary: boolean
}
export type SessionRow = Located & { sourcedId: string; title: string; type: string; startDate: string; endDate: string }

/** What an import applies: the checked rows of each file and whether the manifest calls it bulk or delta. */
export type RosterRecords = {
  version: string
  modes: { orgs: FileMode; users: FileMode; classes: FileMode; enrollments: FileMode; academicSessions: FileMode }
  orgs: OrgRow[]
  users: UserRow[]
  classes: ClassRow[]
  enrollments: EnrollmentRow[]
  academicSessions: SessionRow[]
}

export const oneRosterMessages = {
  notZip: 'The file is not a valid .zip archive.',
  noManifest: 'The zip has no manifest.csv at its top level: export the roster as OneRoster CSV.',
  version: 'This import reads OneRoster 1.1 and 1.2: the manifest names another version.',
  fileMode: 'Each file.* value of the manifest must be bulk, delta or absent.',
  missingFile: 'The manifest lists this file as bulk or delta, but the zip does not have it.',
  tooLarge: 'This file is larger than an import reads (64 MB unpacked).',
  nothing: 'The manifest lists none of orgs.csv, users.csv, classes.csv or enrollments.csv.',
  header: 'The first line must name the columns, and these columns are missing: ',
  required: (field: string) => `${field} is required.`,
  bulkStatus: 'In a bulk file, status and dateLastModified are empty.',
  deltaStatus: 'In a delta file, status is active or tobedeleted.',
  deltaDate: 'In a delta file, dateLastModified is a date and time.',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  email: 'email is not an email address.',
  boolean: 'primary is true or false.',
  date: (field: string) => `${field} is a date (YYYY-MM-DD).`,
  duplicate: 'This sourcedId is already on an earlier line of the file.',
  tooManyErrors: 'More rows have problems than are listed here.',
} as const

/** The files an import reads, each by its manifest key. */
const fileKeys = {
  'orgs.csv': 'orgs',
  'users.csv': 'users',
  'classes.csv': 'classes',
  'enrollments.csv': 'enrollments',
  'academicSessions.csv': 'academicSessions',
} as const
const MB = 1024 * 1024
const maxFileBytes = 64 * MB
const maxErrors = 200

export class RosterFileErrors extends Error {
  constructor(readonly errors: RosterRowError[]) {
    super(errors[0]?.message ?? 'The roster could not be read.')
  }
}

/** The zip's top-level files that an import reads (anything else, `__MACOSX/` and `._*` included, is ignored). */
const readZipFiles = async (zipBuffer: Buffer): Promise<Map<string, Buffer>> => {
  let zip: ZipFile
  try {
    zip = await yauzl.fromBufferPromise(zipBuffer, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: true })
  } catch {
    throw new RosterFileErrors([{ file: '', line: 0, message: oneRosterMessages.notZip }])
  }
  const wanted = new Set<string>(['manifest.csv', 'roles.csv', ...Object.keys(fileKeys)])
  const files = new Map<string, Buffer>()
  const entries: Entry[] = []
  try {
    for (const entry of await listEntries(zip)) if (wanted.has(entry.fileName)) entries.push(entry)
    for (const entry of entries) {
      if (entry.uncompressedSize > maxFileBytes) throw new RosterFileErrors([{ file: entry.fileName, line: 0, message: oneRosterMessages.tooLarge }])
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of await zip.openReadStreamPromise(entry)) {
        size += (chunk as Buffer).length
        if (size > maxFileBytes) throw new RosterFileErrors([{ file: entry.fileName, line: 0, message: oneRosterMessages.tooLarge }])
        chunks.push(chunk as Buffer)
      }
      files.set(entry.fileName, Buffer.concat(chunks))
    }
  } catch (error) {
    if (error instanceof RosterFileErrors) throw error
    throw new RosterFileErrors([{ file: '', line: 0, message: oneRosterMessages.notZip }])
  } finally {
    zip.close()
  }
  return files
}

/** Every entry of the zip's central directory (yauzl checks names: no absolute paths, no `..`). */
const listEntries = (zip: ZipFile): Promise<Entry[]> =>
  new Promise((resolve, reject) => {
    const entries: Entry[] = []
    zip.on('entry', (entry: Entry) => {
      entries.push(entry)
      zip.readEntry()
    })
    zip.once('end', () => resolve(entries))
    zip.once('error', reject)
    zip.readEntry()
  })

type RawRow = { line: number; values: Record<string, string> }

/** The rows of one CSV, each with the line it starts on (the header is line 1), or the parser's complaint. */
const readCsv = (file: string, data: Buffer, required: readonly string[], errors: RosterRowError[]): RawRow[] => {
  let parsed: { record: Record<string, string>; info: { lines: number } }[]
  try {
    parsed = parse(data, { bom: true, columns: (header: string[]) => header.map((h) => h.trim()), info: true, skip_empty_lines: true, trim: true }) as never
  } catch (error) {
    const lines = error instanceof CsvError ? (error as unknown as { lines?: unknown }).lines : undefined
    const line = typeof lines === 'number' ? lines : 0
    errors.push({ file, line, message: error instanceof Error ? error.message : String(error) })
    return []
  }
  const header = parse(data, { bom: true, to_line: 1 })[0] as string[] | undefined
  const columns = new Set((header ?? []).map((h) => h.trim()))
  const missing = required.filter((name) => !columns.has(name))
  if (missing.length) {
    errors.push({ file, line: 1, message: oneRosterMessages.header + missing.join(', ') })
    return []
  }
  return parsed.map(({ record, info }) => ({ line: info.lines, values: record }))
}

const text = (field: string, max: number) => yup.string().default('').max(max, oneRosterMessages.tooLong(field, max))
const requiredText = (field: string, max: number) => text(field, max).required(oneRosterMessages.required(field))
const isoDate = (field: string) =>
  yup
    .string()
    .default('')
    .test('date', oneRosterMessages.date(field), (value) => !value || /^\d{4}-\d{2}-\d{2}/.test(value))
const list = (value: string) =>
  value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)

const schemas = {
  orgs: yup.object({
    sourcedId: requiredText('sourcedId', 255),
    name: requiredText('name', 200),
    type: requiredText('type', 50),
    parentSourcedId: text('parentSourcedId', 255),
  }),
  users: yup.object({
    sourcedId: requiredText('sourcedId', 255),
    role: text('role', 50),
    givenName: text('givenName', 100),
    familyName: text('familyName', 100),
    email: text('email', 254).email(oneRosterMessages.email),
    orgSourcedIds: text('orgSourcedIds', 5000),
    primaryOrgSourcedId: text('primaryOrgSourcedId', 255),
  }),
  classes: yup.object({
    sourcedId: requiredText('sourcedId', 255),
    title: requiredText('title', 100),
    schoolSourcedId: requiredText('schoolSourcedId', 255),
    termSourcedIds: text('termSourcedIds', 5000),
  }),
  enrollments: yup.object({
    sourcedId: requiredText('sourcedId', 255),
    classSourcedId: requiredText('classSourcedId', 255),
    schoolSourcedId: text('schoolSourcedId', 255),
    userSourcedId: requiredText('userSourcedId', 255),
    role: requiredText('role', 50),
    primary: yup
      .string()
      .default('')
      .test('boolean', oneRosterMessages.boolean, (value) => !value || /^(true|false)$/i.test(value)),
  }),
  academicSessions: yup.object({
    sourcedId: requiredText('sourcedId', 255),
    title: requiredText('title', 200),
    type: requiredText('type', 50),
    startDate: isoDate('startDate').required(oneRosterMessages.required('startDate')),
    endDate: isoDate('endDate').required(oneRosterMessages.required('endDate')),
  }),
} as const

/** The columns a file must have to be read at all. */
const requiredColumns: Record<keyof typeof schemas, readonly string[]> = {
  orgs: ['sourcedId', 'name', 'type'],
  users: ['sourcedId', 'givenName', 'familyName'],
  classes: ['sourcedId', 'title', 'schoolSourcedId'],
  enrollments: ['sourcedId', 'classSourcedId', 'userSourcedId', 'role'],
  academicSessions: ['sourcedId', 'title', 'type', 'startDate', 'endDate'],
}

/** A row's status: empty in bulk files; active or tobedeleted, with a dateLastModified, in delta files. */
const rowStatus = (mode: FileMode, values: Record<string, string>): RowStatus | string => {
  const status = (values.status ?? '').trim()
  const modified = (values.dateLastModified ?? '').trim()
  if (mode === 'bulk') return status === '' || status === 'active' ? 'active' : oneRosterMessages.bulkStatus
  if (status !== 'active' && status !== 'tobedeleted') return oneRosterMessages.deltaStatus
  if (!modified || Number.isNaN(Date.parse(modified))) return oneRosterMessages.deltaDate
  return status
}

const checkRows = <K extends keyof typeof schemas>(
  key: K,
  file: string,
  mode: FileMode,
  rows: RawRow[],
  errors: RosterRowError[],
): (yup.InferType<(typeof schemas)[K]> & Located)[] => {
  const out: (yup.InferType<(typeof schemas)[K]> & Located)[] = []
  const seen = new Set<string>()
  for (const { line, values } of rows) {
    const status = rowStatus(mode, values)
    if (status !== 'active' && status !== 'tobedeleted') {
      errors.push({ file, line, message: status })
      continue
    }
    try {
      const checked = schemas[key].validateSync(values, { abortEarly: false, stripUnknown: true }) as yup.InferType<(typeof schemas)[K]>
      const sourcedId = (checked as { sourcedId: string }).sourcedId
      if (seen.has(sourcedId)) {
        errors.push({ file, line, message: oneRosterMessages.duplicate })
        continue
      }
      seen.add(sourcedId)
      out.push({ ...checked, line, status })
    } catch (error) {
      if (!(error instanceof yup.ValidationError)) throw error
      for (const message of error.errors) errors.push({ file, line, message })
    }
  }
  return out
}

/** The manifest's `file.*` values and version; its own problems go to `errors`. */
const readManifest = (data: Buffer, errors: RosterRowError[]) => {
  const rows = readCsv('manifest.csv', data, ['propertyName', 'value'], errors)
  const values = new Map(rows.map(({ values }) => [values.propertyName, values.value]))
  const lines = new Map(rows.map(({ line, values }) => [values.propertyName, line]))
  const version = values.get('oneroster.version') ?? ''
  if (!/^1\.[12]$/.test(version)) errors.push({ file: 'manifest.csv', line: lines.get('oneroster.version') ?? 1, message: oneRosterMessages.version })
  const modes = {} as RosterRecords['modes']
  for (const key of Object.values(fileKeys)) {
    const value = (values.get(`file.${key}`) ?? 'absent').trim().toLowerCase()
    if (value !== 'bulk' && value !== 'delta' && value !== 'absent') {
      errors.push({ file: 'manifest.csv', line: lines.get(`file.${key}`) ?? 1, message: oneRosterMessages.fileMode })
      modes[key] = 'absent'
    } else modes[key] = value
  }
  return { version, modes }
}

/**
 * The checked records of a OneRoster CSV zip. Throws `RosterFileErrors` listing every bad row (at
 * most 200, then a line saying there are more) when anything could not be read.
 */
export const readOneRoster = async (zipBuffer: Buffer): Promise<RosterRecords> => {
  const files = await readZipFiles(zipBuffer)
  const manifest = files.get('manifest.csv')
  if (!manifest) throw new RosterFileErrors([{ file: 'manifest.csv', line: 0, message: oneRosterMessages.noManifest }])
  const errors: RosterRowError[] = []
  const { version, modes } = readManifest(manifest, errors)
  const rowsOf = (fileName: keyof typeof fileKeys): RawRow[] => {
    const key = fileKeys[fileName]
    if (modes[key] === 'absent') return []
    const data = files.get(fileName)
    if (!data) {
      errors.push({ file: fileName, line: 0, message: oneRosterMessages.missingFile })
      return []
    }
    return readCsv(fileName, data, requiredColumns[key], errors)
  }
  const orgs = checkRows('orgs', 'orgs.csv', modes.orgs, rowsOf('orgs.csv'), errors)
  const users = checkRows('users', 'users.csv', modes.users, rowsOf('users.csv'), errors)
  const classes = checkRows('classes', 'classes.csv', modes.classes, rowsOf('classes.csv'), errors)
  const enrollments = checkRows('enrollments', 'enrollments.csv', modes.enrollments, rowsOf('enrollments.csv'), errors)
  const academicSessions = checkRows('academicSessions', 'academicSessions.csv', modes.academicSessions, rowsOf('academicSessions.csv'), errors)
  if (!errors.length && [modes.orgs, modes.users, modes.classes, modes.enrollments].every((mode) => mode === 'absent'))
    errors.push({ file: 'manifest.csv', line: 0, message: oneRosterMessages.nothing })
  // OneRoster 1.2 moves a user's role to roles.csv; 1.1 keeps it in users.csv. Either is read.
  const roles = rolesFrom(files.get('roles.csv'), errors)
  if (errors.length) {
    const listed = errors.slice(0, maxErrors)
    if (errors.length > maxErrors) listed.push({ file: '', line: 0, message: oneRosterMessages.tooManyErrors })
    throw new RosterFileErrors(listed)
  }
  return {
    version,
    modes,
    orgs: orgs.map(({ line, status, sourcedId, name, type, parentSourcedId }) => ({ line, status, sourcedId, name, type, parentSourcedId })),
    users: users.map(({ line, status, sourcedId, role, givenName, familyName, email, orgSourcedIds, primaryOrgSourcedId }) => ({
      line,
      status,
      sourcedId,
      role: role || roles.get(sourcedId) || '',
      givenName,
      familyName,
      email: email.toLowerCase(),
      orgSourcedIds: list(orgSourcedIds).length ? list(orgSourcedIds) : list(primaryOrgSourcedId),
    })),
    classes: classes.map(({ line, status, sourcedId, title, schoolSourcedId, termSourcedIds }) => ({
      line,
      status,
      sourcedId,
      title,
      schoolSourcedId,
      termSourcedIds: list(termSourcedIds),
    })),
    enrollments: enrollments.map(({ line, status, sourcedId, classSourcedId, schoolSourcedId, userSourcedId, role, primary }) => ({
      line,
      status,
      sourcedId,
      classSourcedId,
      schoolSourcedId,
      userSourcedId,
      role,
      primary: /^true$/i.test(primary),
    })),
    academicSessions: academicSessions.map(({ line, status, sourcedId, title, type, startDate, endDate }) => ({
      line,
      status,
      sourcedId,
      title,
      type,
      startDate,
      endDate,
    })),
  }
}

/** OneRoster 1.2's roles.csv: each user's primary role (else the first listed). */
const rolesFrom = (data: Buffer | undefined, errors: RosterRowError[]): Map<string, string> => {
  const roles = new Map<string, string>()
  if (!data) return roles
  for (const { values } of readCsv('roles.csv', data, ['userSourcedId', 'role'], errors)) {
    const user = values.userSourcedId?.trim()
    if (!user) continue
    if (!roles.has(user) || values.roleType === 'primary') roles.set(user, values.role?.trim() ?? '')
  }
  return roles
}

export type { RosterFile }

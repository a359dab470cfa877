/**
 * District rosters from a OneRoster CSV zip, through real HTTP: the dry run and what it shows,
 * the confirmation, bulk and delta files, a byte-order mark, bad and orphan rows reported with
 * their file and line, nothing half-imported when a row fails late, and the second confirmation
 * an import needs when it would change more than half of a school's accounts.
 * Who may call the routes is in tests/access-matrix.test.ts.
 */
import { APIError } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'

import { usernamePattern } from '../common/accountRules'
import type { Client } from './helpers/client'
import { fieldMessages, message } from './helpers/client'
import { password } from './helpers/actors'
import { serverForFile } from './helpers/fileServer'
import { csv, delta, rosterZip, sampleDistrict } from './helpers/oneroster'

const { server, actors } = serverForFile({ env: { RATE_LIMIT_FACTOR: '50' } })
let staff: Client

beforeAll(async () => {
  staff = await actors.staff('users:read', 'users:write')
}, 60_000)

const upload = (client: Client, zip: Buffer, fields: Record<string, unknown>, name = 'roster.zip') => {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), name)
  form.append('_payload', JSON.stringify(fields))
  return client.request('POST', '/api/roster-imports', undefined, { raw: form })
}

/** What the database holds for a district: its schools, classrooms and accounts. */
const held = async (district: string) => {
  const count = async (collection: 'schools' | 'classrooms' | 'users') =>
    (await server.payload.count({ collection, where: { 'roster.district': { equals: district } }, overrideAccess: true })).totalDocs
  return { schools: await count('schools'), classrooms: await count('classrooms'), users: await count('users') }
}
const bySourcedId = async (district: string, sourcedId: string) =>
  (
    await server.payload.find({
      collection: 'users',
      where: { and: [{ 'roster.district': { equals: district } }, { 'roster.sourcedId': { equals: sourcedId } }] },
      depth: 0,
      overrideAccess: true,
    })
  ).docs[0]
const classroomOf = async (district: string, sourcedId: string) =>
  (
    await server.payload.find({
      collection: 'classrooms',
      where: { and: [{ 'roster.district': { equals: district } }, { 'roster.sourcedId': { equals: sourcedId } }] },
      depth: 0,
      overrideAccess: true,
    })
  ).docs[0]

describe('a bulk roster', () => {
  const district = 'lakeside'
  const roster = sampleDistrict('lk')
  let linked: Client & { user: any }
  let unconfirmedId: number

  beforeAll(async () => {
    // Maria already has a confirmed account with the district's address; James's address is held by an account that never confirmed it.
    await server.payload.create({
      collection: 'users',
      data: {
        email: 'lk.lopez@district.example',
        emailVerified: true,
        password,
        mode: 'day',
        theme: 'civics',
        attributes: { type: 'teacher', firstName: 'Maria' },
      } as never,
      overrideAccess: true,
    })
    linked = await actors.login('lk.lopez@district.example')
    const unconfirmed = await server.payload.create({
      collection: 'users',
      data: { email: 'lk.carter@district.example', emailVerified: false, password, mode: 'day', theme: 'civics', attributes: { type: 'teacher' } } as never,
      overrideAccess: true,
    })
    unconfirmedId = unconfirmed.id
  })

  it('is previewed first: counts and rows, and nothing changes until it is confirmed (a BOM and quoted names read as text)', async () => {
    const zip = await rosterZip(roster, { bom: ['users', 'orgs'] })
    const res = await upload(staff, zip, { district, dryRun: true })
    expect(res.status).toBe(201)
    expect(res.body.status).toBe('previewed')
    expect(res.body.preview.counts).toEqual({
      school: { create: 1 },
      classroom: { create: 2 },
      teacher: { link: 1, create: 1 },
      student: { create: 6, join: 6 },
    })
    const student = res.body.preview.changes.find((c: any) => c.sourcedId === 'lk-s-1-1' && c.action === 'create')
    expect(student).toMatchObject({ file: 'users.csv', line: 4, kind: 'student', name: "Ana O'Neil, 11" })
    expect(res.body.preview.changes.find((c: any) => c.sourcedId === 'lk-t-2').detail).toMatch(/unconfirmed/)
    expect(res.body.preview.needsConfirmation).toBe(false)
    expect(await held(district)).toEqual({ schools: 0, classrooms: 0, users: 0 })

    const confirmed = await staff.post(`/api/roster-imports/${res.body.id}/confirm`, {})
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.status).toBe('imported')
    // Six students, James's new account and Maria's existing one.
    expect(await held(district)).toEqual({ schools: 1, classrooms: 2, users: 8 })
    expect((await staff.post(`/api/roster-imports/${res.body.id}/confirm`, {})).status).toBe(409)
  })

  it('makes students with a generated username, no email and no password, in their class, with the name only the teacher reads', async () => {
    const student = await bySourcedId(district, 'lk-s-1-1')
    expect(student.username).toMatch(usernamePattern)
    expect(student.email ?? null).toBeNull()
    expect(student.hasPassword).toBe(false)
    expect(student.rosterName).toBe("Ana O'Neil, 11")
    expect(student.attributes?.firstName ?? null).toBeNull()
    const period1 = await classroomOf(district, 'lk-c-1')
    expect(student.attributes?.classroom).toBe(period1.id)
    expect(period1.code).toMatch(/^[A-Z]{3}-\d{3}$/)
  })

  it('links a confirmed teacher by email, who sees the class with its students on the classroom page; an unconfirmed address never links', async () => {
    const period1 = await classroomOf(district, 'lk-c-1')
    expect(period1.owner).toBe(linked.user.id)
    const mine = await linked.get(`/api/users/${linked.user.id}/classrooms`)
    const shown = mine.body.docs.find((c: any) => c.id === period1.id)
    expect(shown.name).toBe('Civics 7, Period 1')
    expect(shown.students.map((s: any) => s.firstName).sort()).toEqual(["Ana O'Neil, 11", "Ben O'Neil, 12", "Chloé O'Neil, 13"])

    const unconfirmed = await server.payload.findByID({ collection: 'users', id: unconfirmedId, overrideAccess: true })
    expect(unconfirmed.roster?.sourcedId ?? null).toBeNull()
    const james = await bySourcedId(district, 'lk-t-2')
    expect(james.id).not.toBe(unconfirmedId)
    expect(james.email ?? null).toBeNull()
    expect((await classroomOf(district, 'lk-c-2')).owner).toBe(james.id)
  })

  it('changes nothing when the same files come again', async () => {
    const res = await upload(staff, await rosterZip(roster), { district, dryRun: true })
    expect(res.status).toBe(201)
    expect(res.body.preview.changes).toEqual([])
  })

  it('applies a delta: tobedeleted users and enrolments leave their class (their accounts stay), new students join', async () => {
    const zip = await rosterZip(
      {
        users: [
          ...delta([roster.users.find((u) => u.sourcedId === 'lk-s-1-1')!], 'tobedeleted'),
          ...delta([{ sourcedId: 'lk-s-1-9', orgSourcedIds: 'lk-sch-1', role: 'student', givenName: 'Kai', familyName: 'Nguyen' }]),
        ],
        enrollments: [
          ...delta([roster.enrollments.find((e) => e.userSourcedId === 'lk-s-1-2')!], 'tobedeleted'),
          ...delta([{ sourcedId: 'lk-e-new', classSourcedId: 'lk-c-1', schoolSourcedId: 'lk-sch-1', userSourcedId: 'lk-s-1-9', role: 'student' }]),
        ],
      },
      { modes: { users: 'delta', enrollments: 'delta' } },
    )
    const res = await upload(staff, zip, { district, dryRun: false })
    expect(res.status).toBe(200)
    expect(res.body.preview.counts.student).toEqual({ create: 1, join: 1, remove: 2 })
    const period1 = await classroomOf(district, 'lk-c-1')
    for (const gone of ['lk-s-1-1', 'lk-s-1-2']) expect((await bySourcedId(district, gone)).attributes?.classroom ?? null).toBeNull()
    expect((await bySourcedId(district, 'lk-s-1-9')).attributes?.classroom).toBe(period1.id)
    expect((await bySourcedId(district, 'lk-s-1-3')).attributes?.classroom).toBe(period1.id)
  })
})

describe('OneRoster 1.2', () => {
  it('reads roles from roles.csv and the school from primaryOrgSourcedId when users.csv has neither role nor orgSourcedIds', async () => {
    const roster = sampleDistrict('v12')
    // A teacher with no class yet: only roles.csv says what they are.
    roster.users.push({
      sourcedId: 'v12-t-3',
      orgSourcedIds: 'v12-sch-1',
      role: 'teacher',
      givenName: 'Rosa',
      familyName: 'Diaz',
      email: 'v12.diaz@district.example',
    })
    const header = ['sourcedId', 'status', 'dateLastModified', 'enabledUser', 'username', 'givenName', 'familyName', 'email', 'primaryOrgSourcedId']
    const users = csv(
      header,
      roster.users.map((u) => ({ ...u, primaryOrgSourcedId: u.orgSourcedIds })),
    )
    const roles = csv(
      ['sourcedId', 'status', 'dateLastModified', 'userSourcedId', 'roleType', 'role', 'orgSourcedId'],
      roster.users.map((u) => ({
        sourcedId: `r-${u.sourcedId}`,
        userSourcedId: u.sourcedId,
        roleType: 'primary',
        role: u.role,
        orgSourcedId: u.orgSourcedIds,
      })),
    )
    const zip = await rosterZip(roster, { version: '1.2', raw: { 'users.csv': users }, extra: { 'roles.csv': roles } })
    const res = await upload(staff, zip, { district: 'version12', dryRun: false })
    expect(res.status).toBe(200)
    expect(res.body.preview.counts).toEqual({ school: { create: 1 }, classroom: { create: 2 }, teacher: { create: 3 }, student: { create: 6, join: 6 } })
    const teacher = await bySourcedId('version12', 'v12-t-3')
    expect(teacher.attributes?.type).toBe('teacher')
    expect(teacher.attributes?.school).not.toBeNull()
  })
})

describe('rows that cannot be imported', () => {
  it('are all reported with their file and line, and nothing is imported (a bad row, an orphan enrolment)', async () => {
    const roster = sampleDistrict('bad')
    roster.users[3] = { ...roster.users[3], sourcedId: '' }
    roster.users[4] = { ...roster.users[4], email: 'not an address' }
    roster.enrollments.push({
      sourcedId: 'bad-e-orphan',
      classSourcedId: 'bad-c-404',
      schoolSourcedId: 'bad-sch-1',
      userSourcedId: 'bad-s-1-3',
      role: 'student',
    })
    const before = await server.payload.count({ collection: 'roster-imports', overrideAccess: true })
    const res = await upload(staff, await rosterZip(roster), { district: 'badrows', dryRun: true })
    expect(res.status).toBe(400)
    expect(message(res)).toMatch(/nothing was imported/)
    const rows = fieldMessages(res)
    expect(rows['users.csv:5']).toBe('sourcedId is required.')
    expect(rows['users.csv:6']).toBe('email is not an email address.')
    expect(Object.keys(rows)).toHaveLength(3)
    expect(await held('badrows')).toEqual({ schools: 0, classrooms: 0, users: 0 })
    expect((await server.payload.count({ collection: 'roster-imports', overrideAccess: true })).totalDocs).toBe(before.totalDocs)
  })

  it('an orphan enrolment on the last line of the last file refuses everything before it', async () => {
    const roster = sampleDistrict('orph')
    roster.enrollments.push({ sourcedId: 'orph-e-x', classSourcedId: 'orph-c-1', schoolSourcedId: 'orph-sch-1', userSourcedId: 'orph-nobody', role: 'student' })
    const res = await upload(staff, await rosterZip(roster), { district: 'orphans', dryRun: false })
    expect(res.status).toBe(400)
    expect(fieldMessages(res)[`enrollments.csv:${roster.enrollments.length + 1}`]).toMatch(/names a user who is neither in users.csv/)
    expect(await held('orphans')).toEqual({ schools: 0, classrooms: 0, users: 0 })
  })

  it('a delta row without its status, and a manifest that lists a missing file', async () => {
    const roster = sampleDistrict('dl')
    const res = await upload(staff, await rosterZip({ users: roster.users.slice(0, 1), orgs: undefined }, { modes: { users: 'delta', classes: 'bulk' } }), {
      district: 'deltas',
    })
    expect(res.status).toBe(400)
    const rows = fieldMessages(res)
    expect(rows['users.csv:2']).toBe('In a delta file, status is active or tobedeleted.')
    expect(rows['classes.csv']).toBe('The manifest lists this file as bulk or delta, but the zip does not have it.')
  })

  it('bad requests are 4xx that say what was wrong', async () => {
    const zip = await rosterZip(sampleDistrict('rq'))
    expect(fieldMessages(await upload(staff, zip, { district: 'Not A Key!' })).district).toMatch(/district key/)
    expect(fieldMessages(await upload(staff, zip, {})).district).toMatch(/district key/)
    expect(fieldMessages(await upload(staff, zip, { district: 'rq', dryRun: 'yes' })).dryRun).toBe('dryRun must be true or false.')
    expect(fieldMessages(await upload(staff, zip, { district: 'rq', owner: 1 })).owner).toBe('Unknown field: owner.')
    expect(fieldMessages(await upload(staff, Buffer.from('not a zip'), { district: 'rq' }))['']).toBe('The file is not a valid .zip archive.')
    const noFile = await staff.request('POST', '/api/roster-imports', undefined, {
      raw: (() => {
        const form = new FormData()
        form.append('_payload', JSON.stringify({ district: 'rq' }))
        return form
      })(),
    })
    expect(noFile.status).toBe(400)
    expect(fieldMessages(noFile).file).toBe('Choose the OneRoster .zip file to import.')
    expect((await staff.post('/api/roster-imports/999999/confirm', {})).status).toBe(404)
    expect(fieldMessages(await staff.post('/api/roster-imports/1/confirm', { confirmLargeChange: 'yes' })).confirmLargeChange).toBe(
      'confirmLargeChange must be true or false.',
    )
    expect(await held('rq')).toEqual({ schools: 0, classrooms: 0, users: 0 })
  })
})

describe('an import that fails while it writes', () => {
  it('leaves nothing behind when the last account cannot be saved', async () => {
    const roster = sampleDistrict('late')
    const last = roster.users[roster.users.length - 1].sourcedId
    const preview = await upload(staff, await rosterZip(roster), { district: 'latefail', dryRun: true })
    expect(preview.status).toBe(201)
    // The database refuses the import's very last write.
    const hooks = server.payload.collections.users.config.hooks.beforeChange
    const refuseLast = ({ data }: { data: any }) => {
      if (data?.roster?.sourcedId === last) throw new APIError('The disk is full.', 507)
      return data
    }
    hooks.push(refuseLast as never)
    try {
      const res = await staff.post(`/api/roster-imports/${preview.body.id}/confirm`, {})
      expect(res.status).toBe(507)
    } finally {
      hooks.splice(hooks.indexOf(refuseLast as never), 1)
    }
    expect(await held('latefail')).toEqual({ schools: 0, classrooms: 0, users: 0 })
    expect((await server.payload.findByID({ collection: 'roster-imports', id: preview.body.id, overrideAccess: true })).status).toBe('previewed')
    // Once the fault is gone, the same import goes through.
    expect((await staff.post(`/api/roster-imports/${preview.body.id}/confirm`, {})).status).toBe(200)
    expect(await held('latefail')).toEqual({ schools: 1, classrooms: 2, users: 8 })
  })
})

describe("the guard on half of a school's accounts", () => {
  it('asks a second confirmation before changing more than half of a school, then imports', async () => {
    const district = 'guarded'
    const roster = sampleDistrict('gd', 4)
    expect((await upload(staff, await rosterZip(roster), { district, dryRun: false })).status).toBe(200)
    // A bulk enrolments file that lists one student of each class: six of ten accounts would leave their class.
    const kept = roster.enrollments.filter((e) => e.role === 'teacher' || e.userSourcedId.endsWith('-1'))
    const zip = await rosterZip({ enrollments: kept })
    const first = await upload(staff, zip, { district, dryRun: false })
    expect(first.status).toBe(409)
    expect(message(first)).toMatch(/more than half of the accounts of a school/)
    const refused = first.body.errors[0].data
    expect(refused.preview.needsConfirmation).toBe(true)
    expect(refused.preview.schools).toEqual([{ sourcedId: 'gd-sch-1', name: 'Lakeside Middle School', accounts: 10, changed: 6, overHalf: true }])
    expect(refused.preview.counts.student).toEqual({ remove: 6 })
    expect((await bySourcedId(district, 'gd-s-1-2')).attributes?.classroom).not.toBeNull()

    expect((await staff.post(`/api/roster-imports/${refused.id}/confirm`, {})).status).toBe(409)
    expect((await staff.post(`/api/roster-imports/${refused.id}/confirm`, { confirmLargeChange: 'yes' })).status).toBe(400)
    const confirmed = await staff.post(`/api/roster-imports/${refused.id}/confirm`, { confirmLargeChange: true })
    expect(confirmed.status).toBe(200)
    expect((await bySourcedId(district, 'gd-s-1-2')).attributes?.classroom ?? null).toBeNull()
    expect((await bySourcedId(district, 'gd-s-1-1')).attributes?.classroom).not.toBeNull()
  })

  it('lets an import that changes half or less go through at once', async () => {
    const district = 'smallchange'
    const roster = sampleDistrict('sc', 4)
    expect((await upload(staff, await rosterZip(roster), { district, dryRun: false })).status).toBe(200)
    const zip = await rosterZip(
      { enrollments: delta([roster.enrollments.find((e) => e.userSourcedId === 'sc-s-1-1')!], 'tobedeleted') },
      { modes: { enrollments: 'delta' } },
    )
    const res = await upload(staff, zip, { district, dryRun: false })
    expect(res.status).toBe(200)
    expect(res.body.preview.schools).toEqual([{ sourcedId: 'sc-sch-1', name: 'Lakeside Middle School', accounts: 10, changed: 1, overHalf: false }])
  })
})

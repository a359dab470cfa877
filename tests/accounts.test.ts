import { describe, expect, it } from 'vitest'

import { issueSession } from '@cms/auth/session'
import { listKey } from '../web/src/api/keys'
import { USERS_LIST_FIELDS } from '../web/src/console/users/usersListFields'
import { password } from './helpers/actors'
import { Client, fieldMessages, message } from './helpers/client'
import { serverForFile } from './helpers/fileServer'

const { server, actors } = serverForFile({ env: { RATE_LIMIT_FACTOR: '20' } })

const signUpEducator = async () => {
  const client = new Client(server.base)
  const email = `e${Math.random().toString(36).slice(2)}@example.org`
  const res = await client.post('/api/signup', { providers: [{ provider: 'local', username: email, password }] })
  return Object.assign(client, { user: res.body.user, email })
}

describe('profile: PUT /api/users/:id', () => {
  it('a new educator has no type; saving a teacher profile needs the spec fields, with its messages', async () => {
    const me = await signUpEducator()
    const empty = await me.put(`/api/users/${me.user.id}`, { attributes: { type: 'teacher' } })
    expect(empty.status).toBe(400)
    expect(fieldMessages(empty)).toEqual({
      'attributes.firstName': 'First name is required.',
      'attributes.lastName': 'Last name is required.',
      'attributes.position': 'Job position is required.',
      'attributes.school': 'School is required.',
      'attributes.grades': 'At least one grade level is required.',
      'attributes.subjects': 'At least one subject is required.',
    })
    const school = await me.post('/api/schools', { name: 'Lincoln Park Middle', district: 'Leon', state: 'Florida', country: 'United States' })
    expect(school.status).toBe(201)
    const saved = await me.put(`/api/users/${me.user.id}`, {
      attributes: {
        type: 'teacher',
        firstName: 'Ada',
        lastName: 'Byron',
        position: 'Teacher',
        school: school.body.doc.id,
        grades: ['Seventh'],
        subjects: ['Civics'],
      },
    })
    expect(saved.status).toBe(200)
    expect(saved.body.user.attributes).toMatchObject({
      type: 'teacher',
      completed: true,
      state: 'Florida',
      country: 'United States',
      school: { name: 'Lincoln Park Middle', district: 'Leon' },
    })
  })

  it('district and professor types need their location fields; independent needs no position', async () => {
    const me = await signUpEducator()
    const district = await me.put(`/api/users/${me.user.id}`, {
      attributes: { type: 'district', firstName: 'A', lastName: 'B', position: 'Coordinator', state: '', country: '' },
    })
    expect(fieldMessages(district)).toEqual({
      'attributes.district': 'School district is required.',
      'attributes.state': 'State/region is required.',
      'attributes.country': 'Country is required.',
    })
    const independent = await me.put(`/api/users/${me.user.id}`, { attributes: { type: 'independent', firstName: 'A', lastName: 'B' } })
    expect(independent.status).toBe(200)
  })

  it('Change Account Type clears the type and the type-specific fields but keeps the names', async () => {
    const me = await signUpEducator()
    await me.put(`/api/users/${me.user.id}`, { attributes: { type: 'parent', firstName: 'Pat', lastName: 'Parent', position: 'Parent' } })
    const cleared = await me.put(`/api/users/${me.user.id}`, { attributes: { type: null } })
    expect(cleared.status).toBe(200)
    expect(cleared.body.user.attributes).toMatchObject({ type: null, completed: false, firstName: 'Pat', position: null })
  })

  it('refuses unknown grades, a school the user cannot see, someone else’s profile, and becoming a student', async () => {
    const me = await signUpEducator()
    const other = await signUpEducator()
    const privateSchool = await other.post('/api/schools', { name: 'Hidden School', district: 'X' })
    const bad = await me.put(`/api/users/${me.user.id}`, {
      attributes: {
        type: 'teacher',
        firstName: 'A',
        lastName: 'B',
        position: 'T',
        school: privateSchool.body.doc.id,
        grades: ['Thirteenth'],
        subjects: ['Civics'],
      },
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(fieldMessages(bad))).toContain('attributes.grades')
    const foreign = await me.put(`/api/users/${other.user.id}`, { attributes: { firstName: 'Hacked' } })
    expect(foreign.status).toBe(403)
    const student = await me.put(`/api/users/${me.user.id}`, { attributes: { type: 'student' } })
    expect(student.status).toBe(400)
    expect((await new Client(server.base).put(`/api/users/${me.user.id}`, { attributes: {} })).status).toBe(401)
  })
})

describe('theme: PUT /api/users/:id/theme', () => {
  it('saves mode, size and theme and validates them', async () => {
    const me = await signUpEducator()
    const res = await me.put(`/api/users/${me.user.id}/theme`, { mode: 'night', size: true, theme: 'kitsune' })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Theme settings updated.')
    expect(res.body.user).toMatchObject({ mode: 'night', size: true, theme: 'kitsune' })
    const bad = await me.put(`/api/users/${me.user.id}/theme`, { mode: 'dusk', size: 'yes', theme: 'neon' })
    expect(Object.keys(fieldMessages(bad)).sort()).toEqual(['mode', 'size', 'theme'])
    const login = await new Client(server.base).post('/api/login', { username: me.email, password })
    expect(login.body.user).toMatchObject({ mode: 'night', size: true, theme: 'kitsune' })
  })

  it('answers each save with the whole account as a fresh sign-in shows it, earlier saves included', async () => {
    const me = await signUpEducator()
    expect((await me.put(`/api/users/${me.user.id}/theme`, { mode: 'night' })).status).toBe(200)
    const res = await me.put(`/api/users/${me.user.id}/theme`, { theme: 'behelit', language: 'es' })
    expect(res.body.user).toMatchObject({ mode: 'night', theme: 'behelit', language: 'es' })
    const login = await new Client(server.base).post('/api/login', { username: me.email, password })
    const { token, ...account } = login.body.user
    expect(token).toEqual(expect.any(String))
    expect(account).toEqual(res.body.user)
  })
})

describe('email and password: /api/users/:id/providers', () => {
  it('updates the email, then the password, with the spec notices', async () => {
    const me = await signUpEducator()
    // The current password is required for either change (tests/account-routes.test.ts covers its absence).
    const email = await me.put(`/api/users/${me.user.id}/providers`, { provider: 'local', username: 'renamed@example.org', currentPassword: password })
    expect(email.body.message).toBe('Email successfully updated.')
    expect(email.body.user.providers).toEqual([{ provider: 'local', username: 'renamed@example.org' }])
    const mismatch = await me.put(`/api/users/${me.user.id}/providers`, { provider: 'local', password: 'new-password-9', confirmPassword: 'other-password-9' })
    expect(fieldMessages(mismatch)).toEqual({ confirmPassword: 'Passwords do not match.' })
    const pass = await me.put(`/api/users/${me.user.id}/providers`, {
      provider: 'local',
      password: 'new-password-9',
      confirmPassword: 'new-password-9',
      currentPassword: password,
    })
    expect(pass.body.message).toBe('Password successfully updated.')
    expect((await new Client(server.base).post('/api/login', { username: 'renamed@example.org', password: 'new-password-9' })).status).toBe(200)
  })

  it('refuses an email another account uses with 409', async () => {
    const me = await signUpEducator()
    const other = await signUpEducator()
    const res = await me.put(`/api/users/${me.user.id}/providers`, { provider: 'local', username: other.email, currentPassword: password })
    expect(res.status).toBe(409)
  })

  it('connects an email and password to a social-only account, which can then log in with them', async () => {
    const social = await server.payload.create({
      collection: 'users',
      data: {
        email: 'social@example.org',
        password: 'unusable-random-password',
        hasPassword: false,
        meta: { oauthEmail: 'social@example.org' },
        identities: [{ provider: 'google', subject: '1234', email: 'social@example.org' }],
        mode: 'day',
        theme: 'civics',
      } as never,
      overrideAccess: true,
    })
    const client = new Client(server.base)
    // Log the social user in the way the OAuth callback does: a Payload session.
    const { token } = await issueSession(server.payload, social.id)
    client.token = token
    client.bearer = true
    const me = await client.get('/api/users/me')
    expect(me.body.user.providers).toEqual([{ provider: 'google', username: 'social@example.org' }])
    const mismatch = await client.post(`/api/users/${social.id}/providers`, {
      provider: 'local',
      username: 'social@example.org',
      password: 'abcdefgh1',
      confirmPassword: 'zzzzzzzz1',
    })
    expect(fieldMessages(mismatch)).toEqual({ confirmPassword: "Password and confirmation don't match" })
    const res = await client.post(`/api/users/${social.id}/providers`, {
      provider: 'local',
      username: 'social@example.org',
      password: 'abcdefgh1',
      confirmPassword: 'abcdefgh1',
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Email and password added to your account.')
    expect(res.body.user.providers.map((p: any) => p.provider)).toEqual(['local', 'google'])
    expect((await new Client(server.base).post('/api/login', { username: 'social@example.org', password: 'abcdefgh1' })).status).toBe(200)
    const again = await client.post(`/api/users/${social.id}/providers`, { provider: 'local', username: 'x@example.org', password: 'abcdefgh1' })
    expect(again.status).toBe(400)
  })
})

describe('classrooms', () => {
  it('a teacher creates, lists, reads and updates their classrooms; codes are unique and case-insensitive', async () => {
    const teacher = await actors.educator()
    const id = teacher.user.id
    const missing = await teacher.post(`/api/users/${id}/classrooms`, {})
    expect(fieldMessages(missing)).toEqual({ name: 'Classroom name is required.', code: 'Classroom code is required.' })
    const created = await teacher.post(`/api/users/${id}/classrooms`, { name: 'Period 1', code: 'per-1-abc' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ name: 'Period 1', code: 'PER-1-ABC', studentCount: 0, students: [] })
    const taken = await (await actors.educator()).post(`/api/users/${(await actors.educator()).user.id}/classrooms`, { name: 'x', code: 'PER-1-ABC' })
    expect([403, 409]).toContain(taken.status)
    const otherTeacher = await actors.educator()
    const conflict = await otherTeacher.post(`/api/users/${otherTeacher.user.id}/classrooms`, { name: 'Copy', code: 'Per-1-Abc' })
    expect(conflict.status).toBe(409)
    const list = await teacher.get(`/api/users/${id}/classrooms`)
    expect(list.body.docs.map((c: any) => c.code)).toEqual(['PER-1-ABC'])
    const updated = await teacher.put(`/api/classrooms/${created.body.id}`, { name: 'Period 1 (Civics)', code: 'PER-1-ABC' })
    expect(updated.body.name).toBe('Period 1 (Civics)')
    expect((await otherTeacher.get(`/api/users/${id}/classrooms`)).status).toBe(403)
    expect((await otherTeacher.get(`/api/users/${otherTeacher.user.id}/classrooms/${created.body.id}`)).status).toBe(404)
    expect((await otherTeacher.put(`/api/classrooms/${created.body.id}`, { name: 'Mine now', code: 'MINE-1' })).status).toBe(403)
  })

  it('a student signs up with a generated username and a classroom code; the teacher sees only names and username', async () => {
    const teacher = await actors.educator()
    const classroom = (await teacher.post(`/api/users/${teacher.user.id}/classrooms`, { name: 'Period 2', code: 'P2-XYZ' })).body
    const lookup = await new Client(server.base).get('/api/classrooms/code/p2-xyz')
    expect(lookup.body).toEqual({ name: 'Period 2', code: 'P2-XYZ' })
    expect((await new Client(server.base).get('/api/classrooms/code/NOPE-000')).status).toBe(404)

    const generated = await new Client(server.base).get('/api/users/username')
    expect(generated.body.username).toMatch(/^[a-z]+-[a-z]+-\d{3}$/)
    const student = new Client(server.base)
    const unknown = await student.post('/api/signup', {
      providers: [{ provider: 'username', username: generated.body.username, password }],
      attributes: { type: 'student', classroom: 'NOPE-000' },
    })
    expect(unknown.status).toBe(400)
    expect(fieldMessages(unknown)).toEqual({ 'attributes.classroom': 'No classroom found with that code.' })
    const noPassword = await student.post('/api/signup', {
      providers: [{ provider: 'username', username: generated.body.username }],
      attributes: { type: 'student', classroom: 'P2-XYZ' },
    })
    expect(fieldMessages(noPassword)).toEqual({ password: 'Password is required.' })
    const res = await student.post('/api/signup', {
      providers: [{ provider: 'username', username: generated.body.username, password }],
      attributes: { type: 'student', classroom: 'p2-xyz' },
    })
    expect(res.status).toBe(201)
    expect(res.body.user).toMatchObject({
      email: null,
      username: generated.body.username,
      attributes: { type: 'student', classroom: { name: 'Period 2', code: 'P2-XYZ' } },
      providers: [{ provider: 'username', username: generated.body.username }],
    })
    const again = await new Client(server.base).post('/api/signup', {
      providers: [{ provider: 'username', username: generated.body.username, password }],
      attributes: { type: 'student', classroom: 'P2-XYZ' },
    })
    expect(again.status).toBe(409)

    const detail = await teacher.get(`/api/users/${teacher.user.id}/classrooms/${classroom.id}`)
    expect(detail.body.studentCount).toBe(1)
    expect(detail.body.students[0]).toEqual({
      id: res.body.user.id,
      username: generated.body.username,
      firstName: null,
      lastName: null,
      providers: [{ provider: 'username', username: generated.body.username }],
    })
    // Payload's own classroom read gives the teacher no student documents (the join obeys users' access).
    expect((await teacher.get(`/api/classrooms/${classroom.id}?depth=1`)).body.students.docs).toEqual([])
    // A student reads nothing but themself: not the classroom document, not the teacher.
    expect((await student.get(`/api/classrooms/${classroom.id}`)).status).toBe(404)
    expect((await student.get(`/api/users/${teacher.user.id}`)).status).toBe(404)
    expect((await student.post(`/api/users/${res.body.user.id}/classrooms`, { name: 'Mine', code: 'MINE-2' })).status).toBe(403)
    // A student may fill in their names but cannot change type.
    const names = await student.put(`/api/users/${res.body.user.id}`, { attributes: { firstName: 'Sam', lastName: 'Lee' } })
    expect(names.body.user.attributes).toMatchObject({ firstName: 'Sam', lastName: 'Lee', completed: true, type: 'student' })
    expect((await student.put(`/api/users/${res.body.user.id}`, { attributes: { type: 'teacher' } })).status).toBe(400)
  })

  it('the classroom read names each student as the teacher typed them (until the student gives a name), sorted by name, for the teacher and staff only', async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const created = await teacher.post(`/api/classrooms/${classroom.id}/students`, { firstNames: ['zoë', 'Liam', 'Émile', 'ava', 'Noah'] })
    expect(created.status).toBe(201)
    await teacher.post(`/api/classrooms/${classroom.id}/students`, { count: 1 })
    const nameless = (await teacher.get(`/api/classrooms/${classroom.id}/progress`)).body.students.find((s: any) => !s.firstName)
    const path = `/api/users/${teacher.user.id}/classrooms/${classroom.id}`
    const names = (answer: any) => answer.students.map((s: any) => s.firstName)
    // By name as a person reads it (case and accents aside); the student without a name last.
    expect(names((await teacher.get(path)).body)).toEqual(['ava', 'Émile', 'Liam', 'Noah', 'zoë', null])
    expect((await teacher.get(path)).body.students.at(-1).username).toBe(nameless.username)
    // The classrooms list and an update's answer carry the same roster.
    expect(names((await teacher.get(`/api/users/${teacher.user.id}/classrooms`)).body.docs[0])).toEqual(['ava', 'Émile', 'Liam', 'Noah', 'zoë', null])
    expect(names((await teacher.put(`/api/classrooms/${classroom.id}`, { name: 'Period 6', code: classroom.code })).body)).toEqual([
      'ava',
      'Émile',
      'Liam',
      'Noah',
      'zoë',
      null,
    ])

    // A student who gives their own name is shown by it, and sorted by it.
    const liam = created.body.students.find((s: any) => s.firstName === 'Liam')
    const student = await actors.login(liam.username, liam.password)
    expect((await student.put(`/api/users/${liam.id}`, { attributes: { firstName: 'Bill', lastName: 'Lee' } })).status).toBe(200)
    const renamed = (await teacher.get(path)).body.students
    expect(renamed.map((s: any) => [s.firstName, s.lastName])).toEqual([
      ['ava', null],
      ['Bill', 'Lee'],
      ['Émile', null],
      ['Noah', null],
      ['zoë', null],
      [null, null],
    ])

    // Staff who read users see it; another teacher and the student see no roster.
    const reader = await actors.staff('users:read')
    expect(names((await reader.get(path)).body)).toEqual(['ava', 'Bill', 'Émile', 'Noah', 'zoë', null])
    const other = await actors.educator()
    expect([403, 404]).toContain((await other.get(path)).status)
    expect([403, 404]).toContain((await student.get(path)).status)
    expect(JSON.stringify((await other.get(`/api/users/${other.user.id}/classrooms`)).body)).not.toContain('Émile')
  })

  it('the teacher resets a student’s password; other teachers cannot', async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)
    const url = `/api/classrooms/${classroom.id}/students/${student.user.id}/password`
    const other = await actors.educator()
    expect((await other.put(url, { password: 'hijacked-pass-1' })).status).toBe(403)
    expect(fieldMessages(await teacher.put(url, {}))).toEqual({ password: 'Password is required.' })
    const res = await teacher.put(url, { password: 'fresh-start-22' })
    expect(res.status).toBe(200)
    expect((await new Client(server.base).post('/api/login', { username: student.user.username, password: 'fresh-start-22' })).status).toBe(200)
    const stranger = await actors.student((await actors.classroom(other)).id)
    expect((await teacher.put(`/api/classrooms/${classroom.id}/students/${stranger.user.id}/password`, { password: 'fresh-start-22' })).status).toBe(404)
  })
})

describe('schools', () => {
  it('searches by name after more than 3 characters; a created school is private to its creator', async () => {
    const me = await signUpEducator()
    const other = await signUpEducator()
    const created = await me.post('/api/schools', { name: 'Riverside Academy', district: 'Pinellas' })
    expect(created.status).toBe(201)
    const missing = await me.post('/api/schools', {})
    expect(fieldMessages(missing)).toEqual({ name: 'School name is required.', district: 'School district is required.' })
    expect((await me.get('/api/schools?q=Rive')).body.docs.map((s: any) => s.name)).toEqual(['Riverside Academy'])
    expect((await other.get('/api/schools?q=Rive')).body.docs).toEqual([])
    const short = await me.get('/api/schools?q=Riv')
    expect(short.status).toBe(400)
    expect(message(short)).toBe('Enter at least 4 characters…')
    expect((await new Client(server.base).get('/api/schools?q=Rive')).status).toBe(403)
  })
})

describe('content writes with markdown', () => {
  it('POST and PUT topics and pages through markdown; html is derived and sanitized; slug lookup works', async () => {
    const editor = await actors.staff('topics:write', 'pages:write')
    const topic = await editor.post('/api/topics', { title: 'Elections', markdown: '## Voting\n\nEvery **vote** counts. <script>alert(1)</script>', order: 5 })
    expect(topic.status).toBe(201)
    expect(topic.body.doc.content).toContain('<strong>vote</strong>')
    expect(topic.body.doc.content).not.toContain('<script')
    expect(topic.body.doc.markdown).toContain('**vote**')
    const put = await editor.put(`/api/topics/${topic.body.doc.id}`, { markdown: 'Changed text', order: 6 })
    expect(put.status).toBe(200)
    expect(put.body.doc).toMatchObject({ order: 6, markdown: 'Changed text' })
    const missing = await editor.post('/api/topics', { markdown: 'x' })
    expect(missing.status).toBe(400)
    const badOrder = await editor.post('/api/topics', { title: 'T', markdown: 'x', order: 'first' })
    expect(badOrder.status).toBe(400)

    const page = await editor.post('/api/pages', { slug: 'voting-guide', title: 'Voting guide', markdown: 'Hello *world*' })
    expect(page.status).toBe(201)
    const bySlug = await new Client(server.base).get('/api/pages/slug/voting-guide')
    expect(bySlug.body).toMatchObject({ slug: 'voting-guide', title: 'Voting guide', content: { template: 'default', markdown: 'Hello *world*' } })
    expect(bySlug.body.content.html).toContain('<em>world</em>')
    const edited = await editor.put(`/api/pages/${page.body.doc.id}`, { content: { markdown: 'New **text**', template: 'default' }, title: 'Voting' })
    expect(edited.body.doc.content.markdown).toBe('New **text**')
    expect((await new Client(server.base).get('/api/pages/slug/nowhere')).status).toBe(404)
    const dup = await editor.post('/api/pages', { slug: 'voting-guide', title: 'Again', markdown: 'x' })
    expect(dup.status).toBe(409)
    expect((await (await actors.staff('modules:write')).put(`/api/pages/${page.body.doc.id}`, { title: 'Nope' })).status).toBe(403)
  })
})

describe('tickets', () => {
  it('anyone files a ticket (validated), staff read it, and anonymous filing is rate-limited', async () => {
    const anon = new Client(server.base)
    const bad = await anon.post('/api/tickets', { type: 'contact' })
    expect(bad.status).toBe(400)
    const ok = await anon.post('/api/tickets', {
      type: 'help',
      name: 'Kim',
      email: 'kim@example.org',
      subject: 'Login',
      message: 'I forgot my code',
      status: 'closed',
    })
    expect(ok.status).toBe(201)
    expect(ok.body.doc.status).toBe('open')
    const staff = await actors.staff('tickets:read')
    expect((await staff.get(`/api/tickets/${ok.body.doc.id}`)).body).toMatchObject({ subject: 'Login', status: 'open' })
    expect((await anon.get(`/api/tickets/${ok.body.doc.id}`)).status).toBe(403)
    for (let i = 0; i < 200; i++) {
      const res = await anon.post('/api/tickets', { type: 'contact', name: 'Kim', email: 'kim@example.org', subject: `Spam ${i}`, message: 'x' })
      if (res.status === 429) break
      expect(res.status).toBe(201)
    }
    expect((await anon.post('/api/tickets', { type: 'contact', name: 'K', email: 'k@example.org', subject: 'S', message: 'M' })).status).toBe(429)
  })
})

describe('console: the list of users', () => {
  it('reads only the fields its columns show: names, email, username, type and scopes', async () => {
    const teacher = await actors.educator({ firstName: 'Grace', lastName: 'Hopper' })
    const classroom = await actors.classroom(teacher)
    const student = await actors.student(classroom.id)
    const reader = await actors.staff('users:read')
    const res = await reader.get(listKey('users', { sort: '-createdAt', select: USERS_LIST_FIELDS, limit: 3 }))
    expect(res.status).toBe(200)
    const [staffDoc, studentDoc, teacherDoc] = res.body.docs
    expect(teacherDoc).toEqual({
      id: teacher.user.id,
      attributes: { firstName: 'Grace', lastName: 'Hopper', type: 'teacher' },
      email: teacher.user.email,
      username: null,
      scopes: [],
      collection: 'users',
    })
    expect(studentDoc).toEqual({
      id: student.user.id,
      attributes: { firstName: 'Stu', lastName: 'Dent', type: 'student' },
      email: null,
      username: student.user.username,
      scopes: [],
      collection: 'users',
    })
    expect(staffDoc).toMatchObject({ id: reader.user.id, scopes: ['users:read'] })
  })
})

import net from 'node:net'

import { beforeAll, describe, expect, it } from 'vitest'

import type { Client } from './helpers/client'
import { topicWithModule } from './helpers/content'
import { serverForFile } from './helpers/fileServer'

/**
 * The public-read cache files each answer under the kind of reader Payload resolved it for
 * (cms/cache/publicCache.ts, cms/cache/signedIn.ts), and a request whose session headers could be read two
 * ways is refused before either looks (cms/auth/sessionHeaders.ts). Each attack below is the first
 * request after a content change, the one that would fill the cache for that module page.
 */
let topicId: number
let student: Client & { user: { id: number; username: string } }
let classmate: Client & { user: { id: number } }
let modules = 0

const { server, actors } = serverForFile()
beforeAll(async () => {
  ;({ topicId } = await topicWithModule(server.payload, { topic: 'Voting', module: 'Ballots', activity: 'Mark a ballot' }))
  const teacher = await actors.educator()
  const classroom = await actors.classroom(teacher)
  student = await actors.student(classroom.id)
  classmate = await actors.student(classroom.id)
})

const dechunked = (raw: string) => {
  let body = ''
  let rest = raw
  for (;;) {
    const end = rest.indexOf('\r\n')
    const size = parseInt(rest.slice(0, end), 16)
    if (!size) return body
    body += rest.slice(end + 2, end + 2 + size)
    rest = rest.slice(end + 2 + size + 2)
  }
}

/** A GET with exactly these header lines, written by hand (repeated names stay separate lines, as an attacker can send them). */
const rawGet = (path: string, headers: [string, string][]) =>
  new Promise<{ status: number; headers: Record<string, string>; body: string }>((resolve, reject) => {
    const url = new URL(server.base)
    const socket = net.connect(Number(url.port), url.hostname)
    const chunks: Buffer[] = []
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const [head, ...rest] = text.split('\r\n\r\n')
      const [statusLine, ...lines] = head.split('\r\n')
      const fields = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]))
      const raw = rest.join('\r\n\r\n')
      resolve({ status: Number(statusLine.split(' ')[1]), headers: fields, body: fields['transfer-encoding'] === 'chunked' ? dechunked(raw) : raw })
    })
    const lines = [`GET ${path} HTTP/1.1`, `Host: ${url.host}`, 'Connection: close', ...headers.map(([name, value]) => `${name}: ${value}`)]
    // Written, not ended: the server closes the connection once it has answered (`Connection: close`).
    socket.write(`${lines.join('\r\n')}\r\n\r\n`)
  })

const tokenOf = (client: Client) => client.cookies.get('payload-token') as string

/** A new module with one activity (a content change: the cache starts empty), and its page's address. */
const freshModulePage = async () => {
  const n = ++modules
  const module = await server.payload.create({
    collection: 'modules',
    data: { title: `Module ${n}`, markdown: 'Read.', order: n + 1, topic: topicId } as never,
    overrideAccess: true,
  })
  await server.payload.create({
    collection: 'activities',
    data: { title: `Task ${n}`, type: 'default', markdown: 'Try it.', order: 1, module: module.id } as never,
    overrideAccess: true,
  })
  return { path: `/api/modules/${module.id}?depth=3`, activity: `Task ${n}` }
}

/** After an attack: the student's page lists the activity, privately, and a visitor's never does. */
const expectUnpoisoned = async ({ path, activity }: { path: string; activity: string }) => {
  for (const reader of [student, classmate]) {
    const own = await reader.get(path)
    expect(own.status).toBe(200)
    expect(own.body.activities?.docs.map((a: { title: string }) => a.title)).toEqual([activity])
    expect(own.headers.get('cache-control')).toBe('private, no-cache')
  }
  const visitor = await fetch(server.base + path)
  expect(visitor.status).toBe(200)
  expect((await visitor.json()).activities).toBeUndefined()
  expect(visitor.headers.get('cache-control')).toBe('public, no-cache')
}

describe('session headers that could be read two ways', () => {
  beforeAll(async () => {
    // Both students' sessions are known to the cache (each has read a page), as in a lesson.
    for (const reader of [student, classmate]) expect((await reader.get(`/api/topics/${topicId}?depth=2`)).status).toBe(200)
  })

  const refused = [
    { recipe: 'a live session cookie, then another one (Payload reads the last)', cookie: () => `payload-token=${tokenOf(student)}; payload-token=x.y.z` },
    { recipe: 'another session cookie, then a live one', cookie: () => `payload-token=x.y.z; payload-token=${tokenOf(student)}` },
    {
      recipe: "a cookie planted at a longer path (sent first), then the reader's own",
      cookie: () => `payload-token=${tokenOf(classmate)}; XSRF-TOKEN=abc; payload-token=${tokenOf(student)}`,
    },
    { recipe: 'a live session under a name written with a space', cookie: () => `payload-token =${tokenOf(student)}` },
    { recipe: 'a live session and a look-alike name with a space', cookie: () => `payload-token=x.y.z; payload-token =${tokenOf(student)}` },
    { recipe: 'a session cookie whose value cannot be decoded', cookie: () => `payload-token=%E0%A4%A; XSRF-TOKEN=abc` },
  ]
  for (const { recipe, cookie } of refused) {
    it(`refuses ${recipe}, clears the site's cookies, and leaves the cache right`, async () => {
      const page = await freshModulePage()
      const res = await rawGet(page.path, [['cookie', cookie()]])
      expect(res.status).toBe(400)
      expect(res.headers['clear-site-data']).toBe('"cookies"')
      expect(res.headers['cache-control']).toBe('no-store')
      expect(JSON.parse(res.body).errors[0].message).toMatch(/sign-in cookie/)
      await expectUnpoisoned(page)
    })
  }

  it('refuses a request with two Cookie lines or two Authorization lines (Node and Payload would join them differently)', async () => {
    const page = await freshModulePage()
    const cookies = await rawGet(page.path, [
      ['cookie', `payload-token=${tokenOf(student)}`],
      ['cookie', 'XSRF-TOKEN=abc'],
    ])
    expect(cookies.status).toBe(400)
    expect(JSON.parse(cookies.body).errors[0].message).toBe('The request has more than one Cookie header. Send one.')
    const authorization = await rawGet(page.path, [
      ['authorization', `Bearer ${tokenOf(student)}`],
      ['authorization', 'Bearer x.y.z'],
    ])
    expect(authorization.status).toBe(400)
    expect(JSON.parse(authorization.body).errors[0].message).toBe('The request has more than one Authorization header. Send one.')
    await expectUnpoisoned(page)
  })

  it('says so on a page too, in the reader’s language, and the cleared browser signs in again', async () => {
    const res = await rawGet('/login', [
      ['cookie', `payload-token=x.y.z; payload-token=${tokenOf(student)}`],
      ['accept-language', 'es'],
    ])
    expect(res.status).toBe(400)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.headers['clear-site-data']).toBe('"cookies"')
    expect(res.body).toMatch(/más de una cookie de inicio de sesión/)
    // The student's own session, sent alone, still works.
    expect((await student.get('/api/users/me')).body.user.id).toBe(student.user.id)
  })

  it('keeps a verdict only for the headers Payload gave it: an Authorization Payload ignores is not a session', async () => {
    // Payload reads `Bearer ` with a capital; beside a live cookie, a lower-case one is ignored.
    const ignored = `bearer ${tokenOf(classmate)}`
    const first = await freshModulePage()
    const withCookie = await rawGet(first.path, [
      ['authorization', ignored],
      ['cookie', `payload-token=${tokenOf(student)}`],
    ])
    expect(JSON.parse(withCookie.body).activities.docs).toHaveLength(1)
    const page = await freshModulePage()
    const alone = await rawGet(page.path, [['authorization', ignored]])
    expect(alone.status).toBe(200)
    expect(JSON.parse(alone.body).activities).toBeUndefined()
    expect(alone.headers['cache-control']).toBe('public, no-cache')
    await expectUnpoisoned(page)
  })

  it('files an answer asked with a dead session as a visitor’s, and a live one as a member’s', async () => {
    const page = await freshModulePage()
    const dead = await rawGet(page.path, [['cookie', 'payload-token=x.y.z']])
    expect(JSON.parse(dead.body).activities).toBeUndefined()
    expect(dead.headers['cache-control']).toBe('public, no-cache')
    await expectUnpoisoned(page)

    const next = await freshModulePage()
    const live = await rawGet(next.path, [['authorization', `Bearer ${tokenOf(student)}`]])
    expect(live.headers['cache-control']).toBe('private, no-cache')
    expect(JSON.parse(live.body).activities.docs).toHaveLength(1)
    await expectUnpoisoned(next)
  })

  it('forgets a session at logout: its page is then a visitor’s, and a classmate’s stays a member’s', async () => {
    const leaving = await actors.login(student.user.username)
    const token = tokenOf(leaving)
    const page = await freshModulePage()
    expect(JSON.parse((await rawGet(page.path, [['cookie', `payload-token=${token}`]])).body).activities.docs).toHaveLength(1)
    expect((await leaving.post('/api/logout')).status).toBe(200)
    const next = await freshModulePage()
    const after = await rawGet(next.path, [['cookie', `payload-token=${token}`]])
    expect(JSON.parse(after.body).activities).toBeUndefined()
    await expectUnpoisoned(next)
  })
})

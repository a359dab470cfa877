/**
 * A package's cookies and localStorage kept on the student's attempt (`resume.storage`), through
 * real HTTP: the open hands them to the launch, a save of the open session writes them, the size
 * limit and the shape are checked with messages that say what is wrong, and nobody else reads or
 * writes them. The content origin serves the storage shim in every HTML page of a package, its
 * launcher's scripts pinned by hash, and Clear-Site-Data for logout.
 */
import http from 'node:http'

import { beforeAll, describe, expect, it } from 'vitest'

import { PACKAGE_STORAGE_MAX_BYTES } from '../common/packageStorage'
import { type Client, fieldMessages } from './helpers/client'
import { buildPackage, type PackageKind } from './helpers/packages'
import { serverForFile } from './helpers/fileServer'
import { buildZip } from './helpers/zips'
import { activityWithPackage, packageClassroom } from './helpers/content'

let editor: Client
let teacher: Client & { user: any }
let student: Client & { user: any }
let otherStudent: Client & { user: any }
let moduleId: number

const { server, actors } = serverForFile({ env: { RATE_LIMIT_FACTOR: '50' } })
beforeAll(async () => {
  const room = await packageClassroom(actors, server.payload, 2)
  ;({ editor, teacher, moduleId } = room)
  ;[student, otherStudent] = room.students
}, 120_000)

const packageActivity = (files: Buffer) => activityWithPackage(server.payload, editor, moduleId, files)

const open = (client: Client, id: number) => client.post(`/api/activities/${id}/open`)
const save = (client: Client, id: number, body: unknown) => client.put(`/api/activities/${id}/attempt`, body)

const storage = (answer: string) => ({
  cookies: { 'web-quiz-step': { value: '2', expires: Date.now() + 86_400_000 } },
  localStorage: { 'web-quiz': JSON.stringify({ step: 2, answer }) },
})

describe("the package's storage on the attempt", () => {
  let web: number

  beforeAll(async () => {
    web = await packageActivity(await buildPackage('web'))
  })

  it('starts empty, is saved by the open session and handed to the next launch', async () => {
    const first = await open(student, web)
    expect(first.status).toBe(200)
    expect(first.body.launch.storage).toEqual({ cookies: {}, localStorage: {} })

    const saved = await save(student, web, { session: first.body.launch.session, storage: storage('b') })
    expect(saved.status).toBe(200)
    expect(Object.keys(saved.body.attempt.resume.storage.cookies)).toEqual(['web-quiz-step'])
    expect(saved.body.attempt.resume.storage.localStorage).toEqual({ 'web-quiz': '{"step":2,"answer":"b"}' })

    const again = await open(student, web)
    expect(again.body.launch.storage.localStorage).toEqual({ 'web-quiz': '{"step":2,"answer":"b"}' })
    expect(again.body.launch.storage.cookies['web-quiz-step'].value).toBe('2')
    // The student reads it on their own attempt.
    const own = await student.get(`/api/attempts/${again.body.attempt.id}`)
    expect(own.body.resume.storage.localStorage['web-quiz']).toContain('"answer":"b"')
  })

  it('leaves out expired cookies', async () => {
    const { body } = await open(student, web)
    const res = await save(student, web, {
      session: body.launch.session,
      storage: { cookies: { gone: { value: 'x', expires: Date.now() - 1000 }, kept: { value: 'y', expires: null } }, localStorage: {} },
    })
    expect(res.status).toBe(200)
    expect(Object.keys(res.body.attempt.resume.storage.cookies)).toEqual(['kept'])
    await save(student, web, { session: body.launch.session, storage: storage('b') })
  })

  it('refuses a storage over the limit with a message that gives both sizes, and keeps what was there', async () => {
    const { body } = await open(student, web)
    const big = { cookies: {}, localStorage: { blob: 'x'.repeat(PACKAGE_STORAGE_MAX_BYTES) } }
    const res = await save(student, web, { session: body.launch.session, storage: big })
    expect(res.status).toBe(400)
    expect(fieldMessages(res).storage).toMatch(/^The package's storage is 64\.\d KB; a package may keep at most 64 KB\.$/)
    // Counted in bytes: 40,000 two-byte characters are over the limit too.
    const wide = await save(student, web, { session: body.launch.session, storage: { cookies: {}, localStorage: { blob: 'é'.repeat(40_000) } } })
    expect(wide.status).toBe(400)
    const kept = await open(student, web)
    expect(kept.body.launch.storage.localStorage['web-quiz']).toContain('"answer":"b"')
  })

  it('refuses a storage of the wrong shape, naming the part at fault', async () => {
    const { body } = await open(student, web)
    const session = body.launch.session
    const cases: [unknown, string, RegExp][] = [
      ['text', 'storage', /storage must be an object/],
      [{ cookies: [], localStorage: {} }, 'storage.cookies', /storage\.cookies must be an object/],
      [{ cookies: { a: 'b' }, localStorage: {} }, 'storage.cookies', /The cookie "a" must be/],
      [{ cookies: {}, localStorage: { k: 1 } }, 'storage.localStorage', /The localStorage item "k" must be text/],
      [{ cookies: {}, localStorage: {}, indexedDB: {} }, 'storage.indexedDB', /Unknown field: storage\.indexedDB/],
    ]
    for (const [value, path, pattern] of cases) {
      const res = await save(student, web, { session, storage: value })
      expect(res.status, JSON.stringify(value)).toBe(400)
      expect(fieldMessages(res)[path], JSON.stringify(res.body)).toMatch(pattern)
    }
  })

  it("is written only by the student's open session: not anonymously, not by an earlier session, not by another student", async () => {
    const { body } = await open(student, web)
    expect((await save(actors.anonymous(), web, { session: body.launch.session, storage: storage('a') })).status).toBe(401)
    const stale = await save(student, web, { session: 'an-earlier-session', storage: storage('a') })
    expect(stale.status).toBe(200)
    expect(stale.body.attempt.resume.storage.localStorage['web-quiz']).toContain('"answer":"b"')

    // Another student, even with this student's session id, writes only their own attempt.
    expect((await save(otherStudent, web, { session: body.launch.session, storage: storage('a') })).status).toBe(404)
    const theirs = await open(otherStudent, web)
    expect(theirs.body.launch.storage).toEqual({ cookies: {}, localStorage: {} })
    await save(otherStudent, web, { session: body.launch.session, storage: storage('a') })
    const mine = await open(student, web)
    expect(mine.body.launch.storage.localStorage['web-quiz']).toContain('"answer":"b"')
    const other = await open(otherStudent, web)
    expect(other.body.launch.storage).toEqual({ cookies: {}, localStorage: {} })
  })

  it('is read by nobody else: not another student, not the teacher', async () => {
    const { body } = await open(student, web)
    const id = body.attempt.id
    expect((await otherStudent.get(`/api/attempts/${id}`)).status).toBe(404)
    const peers = await otherStudent.get(`/api/attempts?limit=100&depth=0`)
    expect(peers.status).toBe(200)
    expect(peers.body.docs.filter((doc: any) => doc.student === student.user.id)).toEqual([])
    const asTeacher = await teacher.get(`/api/attempts/${id}`)
    expect(asTeacher.status).toBe(200)
    expect(asTeacher.body.resume).toBeUndefined()
  })

  it('a SCORM package saves its storage beside its data model, and a new attempt starts with an empty one', async () => {
    const id = await packageActivity(await buildPackage('scorm12' satisfies PackageKind))
    const { body } = await open(student, id)
    const res = await save(student, id, {
      session: body.launch.session,
      cmi: { 'cmi.core.lesson_status': 'passed', 'cmi.suspend_data': '{"step":2}' },
      storage: storage('b'),
    })
    expect(res.status).toBe(200)
    expect(res.body.attempt).toMatchObject({ status: 'passed', resume: { suspendData: '{"step":2}' } })
    expect(res.body.attempt.resume.storage.localStorage['web-quiz']).toContain('"answer":"b"')
    // Finished, not suspended: the next open is a new attempt, with fresh storage.
    const next = await open(student, id)
    expect(next.body.launch.resume).toBe(false)
    expect(next.body.launch.storage).toEqual({ cookies: {}, localStorage: {} })
  })
})

describe('the content origin', () => {
  it('serves every HTML page of a package with the storage shim first in <head>, and other files as uploaded', async () => {
    const id = await packageActivity(
      await buildZip([
        {
          name: 'story.html',
          data: '<!DOCTYPE html>\n<html lang="en"><HEAD class="x"><meta charset="utf-8"><title>Quiz</title></HEAD><body>quiz</body></html>',
        },
        { name: 'html5/analytics-frame.html', data: '<p>no head here</p>' },
        { name: 'html5/data.js', data: 'var head = "<head>"' },
      ]),
    )
    const story = await fetch(`${server.contentBase}/uploads/${id}/storyline/story.html`)
    expect(story.status).toBe(200)
    expect(story.headers.get('content-type')).toMatch(/^text\/html/)
    expect(story.headers.get('content-security-policy')).toContain('frame-ancestors')
    expect(await story.text()).toBe(
      '<!DOCTYPE html>\n<html lang="en"><HEAD class="x"><script src="/launcher/storage-shim.js"></script><meta charset="utf-8"><title>Quiz</title></HEAD><body>quiz</body></html>',
    )
    const nested = await fetch(`${server.contentBase}/uploads/${id}/storyline/html5/analytics-frame.html`)
    expect(await nested.text()).toBe('<script src="/launcher/storage-shim.js"></script><p>no head here</p>')
    expect(await (await fetch(`${server.contentBase}/uploads/${id}/storyline/html5/data.js`)).text()).toBe('var head = "<head>"')
    // Revalidated like before: the second request with the ETag is a 304.
    const etag = story.headers.get('etag')
    expect(etag).toBeTruthy()
    // (node:http, as a browser revalidates: fetch adds `Cache-Control: no-cache` to a conditional request.)
    const revalidated = await new Promise<number | undefined>((resolve, reject) =>
      http
        .get(`${server.contentBase}/uploads/${id}/storyline/story.html`, { headers: { 'if-none-match': etag! } }, (answer) => {
          answer.resume()
          resolve(answer.statusCode)
        })
        .on('error', reject),
    )
    expect(revalidated).toBe(304)
    for (const path of ['missing.html', '.storyline-tmp-x/story.html', '..%2f..%2fstory.html', 'html5/..%5cstory.html']) {
      expect((await fetch(`${server.contentBase}/uploads/${id}/storyline/${path}`)).status, path).toBeGreaterThanOrEqual(400)
    }
    const shim = await fetch(`${server.contentBase}/launcher/storage-shim.js`)
    expect(shim.status).toBe(200)
    expect(await shim.text()).toContain('civicsPackageStorage')
  })

  it("runs only the launcher's own scripts, pinned by hash, and answers Clear-Site-Data for logout", async () => {
    const launcher = await fetch(`${server.contentBase}/launch/12`)
    const csp = launcher.headers.get('content-security-policy') ?? ''
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? ''
    expect(scriptSrc.split(' ')).toHaveLength(3)
    expect(scriptSrc).toMatch(/^('sha256-[A-Za-z0-9+/=]+' ?){3}$/)
    const html = await launcher.text()
    expect(html).not.toMatch(/<script[^>]+src=/)

    const cleared = await fetch(`${server.contentBase}/clear-site-data`)
    expect(cleared.status).toBe(204)
    expect(cleared.headers.get('clear-site-data')).toBe('"cookies", "storage"')
    const forwarded = await fetch(`${server.base}/package-storage/clear`, { redirect: 'manual' })
    expect(forwarded.status).toBe(302)
    expect(forwarded.headers.get('location')).toBe(`${server.contentBase}/clear-site-data`)
  })
})

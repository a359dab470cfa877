import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'

import { allCountries } from 'country-region-data'
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { migrations } from '@cms/database/migrations/postgres'
import { topics } from '../../seed/content'
import { packageFiles } from '../helpers/packages'
import { buildZip } from '../helpers/zips'
import type { ServerProcess } from '../e2e/serverProcess'
import { bearer, demoPassword, exited, freshPostgres, login, rawRequest, seedingLines, sharedEnv, sleep, startInstances } from './instances'

/**
 * Three instances of one deployment: one PostgreSQL database, media in an S3-compatible store
 * (s3rver on loopback), each with its own local folders. Started at the same moment on an empty
 * database, as an operator's `systemctl start` of three units would.
 */
let db: Awaited<ReturnType<typeof freshPostgres>>
const poolSizes = { DATABASE_POOL_MAX: '8', RATE_LIMIT_POOL_MAX: '3' }
let s3: S3rver
let s3Dir: string
let s3Endpoint: string
let instances: ServerProcess[]
const seenWhileBooting: { healthz: number; readyz: number }[] = []

beforeAll(async () => {
  db = await freshPostgres()
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-s3-'))
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: 'civics-media', configs: [] }] })
  const { port } = await s3.run()
  s3Endpoint = `http://127.0.0.1:${port}`
  const env = sharedEnv(db.url, {
    S3_BUCKET: 'civics-media',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    BODY_IDLE_TIMEOUT_SECONDS: '2',
    ...poolSizes,
  })
  // While they boot, watch what a load balancer would see.
  const watchers: Promise<void>[] = []
  instances = await startInstances(3, env, ({ child, baseURL }) => {
    watchers.push(
      (async () => {
        while (child.exitCode === null && child.signalCode === null) {
          try {
            const healthz = (await fetch(`${baseURL}/healthz`)).status
            const readyz = (await fetch(`${baseURL}/readyz`)).status
            seenWhileBooting.push({ healthz, readyz })
            if (readyz === 200) return
          } catch {
            // not listening yet
          }
          await sleep(100)
        }
      })(),
    )
  })
  await Promise.all(watchers)
})

afterAll(async () => {
  await Promise.all((instances ?? []).map((instance) => instance.stop()))
  await s3?.close()
  if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true })
  await db?.drop()
})

const seeder = () => {
  const found = instances.find((instance) => seedingLines(instance) === 1)
  if (!found) throw new Error('no instance seeded')
  return found
}

describe('three instances on one PostgreSQL database', () => {
  it('all come up; one of them migrates and seeds, once', async () => {
    for (const instance of instances) {
      const ready = await fetch(`${instance.baseURL}/readyz`)
      expect(ready.status).toBe(200)
      expect(await ready.json()).toEqual({ status: 'ready' })
      expect((await fetch(`${instance.baseURL}/healthz`)).status).toBe(200)
    }
    expect(instances.map(seedingLines).reduce((a, b) => a + b, 0)).toBe(1)
    expect(await db.count('payload_migrations WHERE batch > 0')).toBe(migrations.length)
    expect(await db.count('countries')).toBe(allCountries.length)
    expect(await db.count('topics')).toBe(topics.length)
    expect(await db.count('users')).toBe(3)
    // While an instance booted, the process answered /healthz and was not yet ready.
    expect(seenWhileBooting).toContainEqual({ healthz: 200, readyz: 503 })
  })

  it('a session opened through one instance works at once on the others, and is ended through another, for all', async () => {
    const [a, b, c] = instances
    const password = demoPassword(seeder().dir, 'demo-student')
    const { token } = await login(a.baseURL, 'demo-student', password)
    const me = async (instance: ServerProcess, sessionToken = token) =>
      ((await (await fetch(`${instance.baseURL}/api/users/me`, { headers: bearer(sessionToken) })).json()) as { user: unknown }).user
    // Twice through each: every instance keeps the signed-in account (cms/cache/accountCache.ts).
    for (const instance of [a, b, c, a, b, c]) expect(await me(instance)).toMatchObject({ username: 'demo-student' })
    // A second device: its login is not announced (cms/cache/accountCache.ts), and every instance's kept
    // account lacks its session, yet its token opens every instance at once.
    const second = (await login(c.baseURL, 'demo-student', password)).token
    for (const instance of [a, b, c, a, b, c]) expect(await me(instance, second)).toMatchObject({ username: 'demo-student' })
    expect((await fetch(`${b.baseURL}/api/logout`, { headers: bearer(token) })).status).toBe(200)
    for (const instance of [a, b, c]) expect(await me(instance)).toBeNull()
    for (const instance of [a, b, c]) expect(await me(instance, second)).toMatchObject({ username: 'demo-student' })
  })

  it("a classroom renamed through one instance shows in the next login's answer through another, which had kept it", async () => {
    const [a, b] = instances
    const classroomAt = async (instance: ServerProcess) =>
      (
        (await login(instance.baseURL, 'demo-student', demoPassword(seeder().dir, 'demo-student'))) as unknown as {
          user: { attributes: { classroom: { id: number; name: string; code: string } } }
        }
      ).user.attributes.classroom
    const before = await classroomAt(b)
    const teacher = await login(a.baseURL, 'teacher@civics360.local', demoPassword(seeder().dir, 'teacher@civics360.local'))
    const rename = (name: string) =>
      fetch(`${a.baseURL}/api/classrooms/${before.id}`, {
        method: 'PUT',
        headers: { ...bearer(teacher.token), 'content-type': 'application/json' },
        body: JSON.stringify({ name, code: before.code }),
      })
    expect((await rename('Civics, renamed through another instance')).status).toBe(200)
    try {
      expect(await classroomAt(b)).toMatchObject({ name: 'Civics, renamed through another instance', code: before.code })
    } finally {
      expect((await rename(before.name)).status).toBe(200)
    }
  })

  it('accounts changed at once through one instance (each twice) are each current on the others at their next request', async () => {
    const [a, b, c] = instances
    // Announced together (cms/cache/changeSignal.ts): one statement for the accounts that arrive while one is sent.
    const accounts = await Promise.all(
      ['editor@civics360.local', 'teacher@civics360.local', 'demo-student'].map((name) => login(a.baseURL, name, demoPassword(seeder().dir, name))),
    )
    const modeAt = async (instance: ServerProcess, account: (typeof accounts)[number]) =>
      ((await (await fetch(`${instance.baseURL}/api/users/me`, { headers: bearer(account.token) })).json()) as { user: { mode?: string } }).user.mode
    const save = (account: (typeof accounts)[number], mode: string) =>
      fetch(`${a.baseURL}/api/users/${account.user.id}/theme`, {
        method: 'PUT',
        headers: { ...bearer(account.token), 'content-type': 'application/json' },
        body: JSON.stringify({ mode }),
      })
    for (const mode of ['night', 'day']) {
      // Each kept by b and c first (the second read comes from the kept account).
      for (const instance of [b, c, b, c]) for (const account of accounts) await modeAt(instance, account)
      const saved = await Promise.all(accounts.flatMap((account) => [save(account, mode), save(account, mode)]))
      expect(saved.map((res) => res.status)).toEqual(saved.map(() => 200))
      for (const instance of [b, c]) expect(await Promise.all(accounts.map((account) => modeAt(instance, account)))).toEqual(accounts.map(() => mode))
    }
  })

  it("shows an editor's change made through one instance on the next request to the others, and ends a cached signed-in read everywhere at logout", async () => {
    const [a, b, c] = instances
    const read = async (instance: ServerProcess, path: string, headers: Record<string, string> = {}) =>
      (await fetch(`${instance.baseURL}${path}`, { headers })).json()
    const topic = (await read(b, '/api/topics?sort=order&limit=1&depth=0')).docs[0]
    const topicPath = `/api/topics/${topic.id}?depth=2`
    // Read twice through b and c: the second answer comes from each one's cache.
    for (const instance of [b, c, b, c]) expect((await read(instance, topicPath)).title).toBe(topic.title)
    // A teacher's progress grid names the topics from its columns, which each instance keeps
    // (cms/attempts/grid.ts, and the read cache: GET /api/activities/columns).
    const teacher = await login(a.baseURL, 'teacher@civics360.local', demoPassword(seeder().dir, 'teacher@civics360.local'))
    const columnsPath = '/api/activities/columns'
    const columnsOf = async (instance: ServerProcess, etag?: string) => {
      const res = await fetch(`${instance.baseURL}${columnsPath}`, { headers: { ...bearer(teacher.token), ...(etag ? { 'if-none-match': etag } : {}) } })
      return {
        status: res.status,
        etag: res.headers.get('etag') as string,
        title: res.status === 200 ? ((await res.json()) as { id: unknown; title: string }[]).find((t) => t.id === topic.id)?.title : undefined,
      }
    }
    for (const instance of [b, c, b, c]) expect((await columnsOf(instance)).title).toBe(topic.title)
    // The same content has the same ETag on every instance: a browser revalidates through any of them.
    const before = await columnsOf(b)
    expect((await columnsOf(c)).etag).toBe(before.etag)
    expect((await columnsOf(c, before.etag)).status).toBe(304)
    const editor = await login(a.baseURL, 'editor@civics360.local', demoPassword(seeder().dir, 'editor@civics360.local'))
    const renamed = `${topic.title} (revised)`
    const patched = await fetch(`${a.baseURL}/api/topics/${topic.id}`, {
      method: 'PATCH',
      headers: { ...bearer(editor.token), 'content-type': 'application/json' },
      body: JSON.stringify({ title: renamed }),
    })
    expect(patched.status).toBe(200)
    for (const instance of [b, c]) expect((await read(instance, topicPath)).title).toBe(renamed)
    for (const instance of [b, c]) expect(await columnsOf(instance, before.etag)).toMatchObject({ status: 200, title: renamed })

    const moduleId = (await read(b, '/api/modules?sort=order&limit=1&depth=0')).docs[0].id
    const modulePath = `/api/modules/${moduleId}?depth=3`
    const student = await login(a.baseURL, 'demo-student', demoPassword(seeder().dir, 'demo-student'))
    for (const instance of [b, c, b, c]) expect((await read(instance, modulePath, bearer(student.token))).activities?.docs?.length).toBeGreaterThan(0)
    expect((await fetch(`${a.baseURL}/api/logout`, { headers: bearer(student.token) })).status).toBe(200)
    for (const instance of [b, c]) expect((await read(instance, modulePath, bearer(student.token))).activities).toBeUndefined()
  })

  it('counts a rate limit across instances', async () => {
    // Password-reset requests: 10 per 15 minutes per address, spread over the three instances.
    const request = (instance: ServerProcess) =>
      fetch(`${instance.baseURL}/api/password/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.org' }),
      })
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await request(instances[i % 3])).status)
    expect(statuses.every((status) => status === 200)).toBe(true)
    for (const instance of instances) expect((await request(instance)).status).toBe(429)
  })

  it('serves a media file uploaded through one instance from another (object storage)', async () => {
    const [a, b] = instances
    const { token } = await login(a.baseURL, 'editor@civics360.local', demoPassword(seeder().dir, 'editor@civics360.local'))
    const png = await sharp({ create: { width: 12, height: 8, channels: 3, background: '#1d4ed8' } })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'shared-map.png')
    form.append('_payload', JSON.stringify({ alt: 'A map shared by every instance' }))
    const created = await fetch(`${a.baseURL}/api/media`, { method: 'POST', headers: bearer(token), body: form })
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: { url: string; filename: string } }
    expect(doc.url).toBe(`/api/media/file/${doc.filename}`)

    const served = await fetch(`${b.baseURL}${doc.url}`)
    expect(served.status).toBe(200)
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true)
    // The file is in the bucket, not on the uploading instance's disk.
    const inBucket = fs.readdirSync(path.join(s3Dir, 'civics-media'), { recursive: true }).map(String)
    expect(inBucket.some((name) => name.startsWith(doc.filename))).toBe(true)
    expect(fs.existsSync(path.join(a.dir, 'uploads', 'media', doc.filename))).toBe(false)
  })

  it('plays a Storyline package uploaded through one instance from the content origin of another, each with its own uploads folder', async () => {
    const [a, b, c] = instances
    const { token } = await login(a.baseURL, 'editor@civics360.local', demoPassword(seeder().dir, 'editor@civics360.local'))
    const moduleId = (await (await fetch(`${a.baseURL}/api/modules?sort=order&limit=1&depth=0`, { headers: bearer(token) })).json()).docs[0].id
    const created = await fetch(`${a.baseURL}/api/activities`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Shared package', type: 'storyline', markdown: 'Body', module: moduleId }),
    })
    expect(created.status).toBe(201)
    const id = ((await created.json()) as { doc: { id: number } }).doc.id
    const upload = async (instance: ServerProcess, marker: string) => {
      const zip = await buildZip(packageFiles('web').map((file) => ({ ...file, data: file.data.replace('Web quiz', `Web quiz ${marker}`) })))
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'quiz.zip')
      return fetch(`${instance.baseURL}/api/activities/${id}/storyline`, { method: 'POST', headers: bearer(token), body: form })
    }
    const playedAt = async (instance: ServerProcess) => {
      const opened = await fetch(`${instance.baseURL}/api/activities/${id}/open`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: '{}',
      })
      expect(opened.status).toBe(200)
      const { packageUrl } = ((await opened.json()) as { launch: { packageUrl: string } }).launch
      expect(packageUrl.startsWith(`${instance.contentURL}/uploads/${id}/storyline/v`)).toBe(true)
      const page = await fetch(packageUrl)
      expect(page.status).toBe(200)
      return { version: new URL(packageUrl).pathname.split('/')[4], page: await page.text() }
    }
    expect((await upload(a, 'first')).status).toBe(200)
    const first = await playedAt(b)
    expect(first.page).toContain('Web quiz first')
    expect((await playedAt(c)).version).toBe(first.version)
    for (const instance of [a, b, c]) expect(fs.existsSync(path.join(instance.dir, 'uploads', String(id)))).toBe(false)

    // Two re-uploads at once through two instances take turns: one of them ends live, whole, and alone in the bucket.
    const [one, two] = await Promise.all([upload(a, 'second'), upload(c, 'third')])
    expect([one.status, two.status]).toEqual([200, 200])
    const live = await playedAt(b)
    expect(live.version).not.toBe(first.version)
    expect(live.page).toMatch(/Web quiz (second|third)/)
    expect((await fetch(`${b.contentURL}/uploads/${id}/storyline/${first.version}/story.html`)).status).toBe(404)
    const bucket = new S3Client({
      endpoint: s3Endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    })
    const listed = await bucket.send(new ListObjectsV2Command({ Bucket: 'civics-media', Prefix: `storyline/${id}/` }))
    bucket.destroy()
    const versions = new Set((listed.Contents ?? []).map((object) => object.Key!.split('/')[2]).filter((name) => name !== 'package'))
    expect([...versions]).toEqual([live.version])

    expect((await fetch(`${c.baseURL}/api/activities/${id}/storyline`, { method: 'DELETE', headers: bearer(token) })).status).toBe(200)
    expect((await fetch(`${b.contentURL}/uploads/${id}/storyline/${live.version}/story.html`)).status).toBe(404)
  })

  it('drops a request body that stops arriving and logs client aborts as one short line', async () => {
    const [a] = instances
    const stalled = rawRequest(a.baseURL, 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user')
    const started = Date.now()
    const answer = await stalled.closed
    expect(answer).toMatch(/^HTTP\/1.1 408/)
    expect(Date.now() - started).toBeLessThan(5000)

    const logBefore = fs.readFileSync(a.logFile, 'utf8').length
    // Bodies an anonymous sender may send (under 64 KB, to routes that take them): larger ones, or
    // an anonymous upload to a collection, are refused from their headers (cms/http/bodyGate.ts) and never abort.
    const aborts = Array.from({ length: 10 }, (_, i) =>
      rawRequest(
        a.baseURL,
        `POST ${i % 2 ? '/api/login' : '/api/tickets'} HTTP/1.1\r\nHost: x\r\nContent-Type: ${i % 2 ? 'multipart/form-data; boundary=XX' : 'application/json'}\r\nContent-Length: 60000\r\n\r\n` +
          (i % 2 ? '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n' : '{"a":') +
          'x'.repeat(4000),
      ),
    )
    await sleep(300)
    for (const { socket } of aborts) socket.destroy()
    await sleep(1000)
    const log = fs.readFileSync(a.logFile, 'utf8').slice(logBefore)
    expect(log.match(/Client aborted POST/g)?.length).toBe(10)
    expect(log).not.toMatch(/ERROR|ECONNRESET|\n\s+at /)
  })

  it('opens its PostgreSQL connections before it is ready, keeps them through a quiet spell, and serves on new ones when PostgreSQL ends them all', async () => {
    const { token } = await login(instances[0].baseURL, 'demo-student', demoPassword(seeder().dir, 'demo-student'))
    const backends = async () =>
      Number((await db.client.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)).rows[0].n)
    // A busy moment: reads the public cache has not kept, 20 at once on each instance.
    const busy = async (round: string) => {
      const answers = await Promise.all(
        instances.flatMap((instance) => Array.from({ length: 20 }, (_, i) => fetch(`${instance.baseURL}/api/topics?limit=1&depth=0&page=${round}${i}`))),
      )
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    }
    // Each instance's pools are full from the start (cms/database/postgresConnections.ts): Payload's and the rate limits'.
    const open = await backends()
    expect(open).toBeGreaterThanOrEqual(instances.length * (Number(poolSizes.DATABASE_POOL_MAX) + Number(poolSizes.RATE_LIMIT_POOL_MAX)))
    // Every connection used, then 11 quiet seconds: node-postgres closes a connection idle for 10 s
    // unless told otherwise, and a class arriving after a quiet spell would meet new, cold ones.
    await busy('1')
    await sleep(11_000)
    expect(await backends()).toBeGreaterThanOrEqual(open)

    // A restart or failover: PostgreSQL ends every connection. Each instance stays up and answers
    // the next requests (public, signed-in, a login) on new connections.
    await db.client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`)
    await sleep(500)
    for (const instance of instances) expect(instance.child.exitCode ?? instance.child.signalCode).toBeNull()
    await busy('2')
    for (const instance of instances) {
      const me = await fetch(`${instance.baseURL}/api/users/me`, { headers: bearer(token) })
      expect(((await me.json()) as { user: unknown }).user).toMatchObject({ username: 'demo-student' })
      expect((await login(instance.baseURL, 'demo-student', demoPassword(seeder().dir, 'demo-student'))).token).toBeTruthy()
    }
  })

  it('loses no acknowledged write when an instance is killed (SIGKILL) mid-write', async () => {
    const [a, , c] = instances
    const teacher = await login(c.baseURL, 'teacher@civics360.local', demoPassword(seeder().dir, 'teacher@civics360.local'))
    const acknowledged: string[] = []
    let n = 0
    let killed = false
    const writer = async () => {
      for (;;) {
        const code = `KILL-${++n}`
        try {
          const res = await fetch(`${c.baseURL}/api/users/${teacher.user.id}/classrooms`, {
            method: 'POST',
            headers: { ...bearer(teacher.token), 'content-type': 'application/json' },
            body: JSON.stringify({ name: `Kill test ${code}`, code }),
          })
          if (res.status === 201 || res.status === 200) acknowledged.push(code)
          else throw new Error(`unexpected ${res.status}`)
        } catch (error) {
          // Refused or cut off: expected once the process is killed, a failure before.
          if (!killed) throw error
          return
        }
      }
    }
    const writers = Array.from({ length: 4 }, writer)
    while (acknowledged.length < 20) await sleep(20)
    killed = true
    c.child.kill('SIGKILL')
    await Promise.all(writers)
    expect((await exited(c)).signal).toBe('SIGKILL')

    const res = await fetch(`${a.baseURL}/api/users/${teacher.user.id}/classrooms?limit=1000`, { headers: bearer(teacher.token) })
    const codes = new Set(((await res.json()) as { docs: { code: string }[] }).docs.map((doc) => doc.code))
    expect(acknowledged.length).toBeGreaterThanOrEqual(20)
    for (const code of acknowledged) expect(codes).toContain(code)
  })

  it('drains on SIGTERM: refuses new connections, finishes the request in flight, closes idle ones, exits within 10 s', async () => {
    const [a, b] = instances
    const password = demoPassword(seeder().dir, 'demo-student')
    // An idle keep-alive connection, as a proxy keeps them.
    const agent = new http.Agent({ keepAlive: true })
    let keptFor: string | string[] | undefined
    await new Promise<void>((resolve, reject) =>
      http
        .get(`${b.baseURL}/healthz`, { agent }, (res) => {
          keptFor = res.headers['keep-alive']
          res.resume().on('end', resolve)
        })
        .on('error', reject),
    )
    // Kept longer than a load balancer keeps its idle connections (60 s), so the proxy gives up first.
    expect(keptFor).toBe('timeout=65')
    const idle = Object.values(agent.freeSockets).flat()[0]
    let idleClosedAt = 0
    idle?.on('close', () => (idleClosedAt = Date.now()))
    // A login whose body is half sent when the signal arrives.
    const body = JSON.stringify({ username: 'demo-student', password })
    const inFlight = rawRequest(
      b.baseURL,
      `POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    )
    // And a client that has stopped sending altogether.
    const stalled = rawRequest(b.baseURL, 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{')
    await sleep(300)

    const signalled = Date.now()
    b.child.kill('SIGTERM')
    await sleep(500)
    expect(idleClosedAt).toBeGreaterThan(0)
    const refused = await fetch(`${b.baseURL}/healthz`).then(
      () => 'accepted',
      (error: { cause?: { code?: string } }) => error.cause?.code,
    )
    expect(refused).toBe('ECONNREFUSED')

    inFlight.socket.write(body.slice(10))
    const answer = await inFlight.closed
    expect(answer).toMatch(/^HTTP\/1.1 200/)
    expect(answer).toContain('"username":"demo-student"')
    await stalled.closed

    expect(await exited(b)).toEqual({ code: 0, signal: null })
    expect(Date.now() - signalled).toBeLessThan(10_000)
    expect(fs.readFileSync(b.logFile, 'utf8')).toContain('SIGTERM: not accepting connections')
    // The others carry on.
    expect((await fetch(`${a.baseURL}/readyz`)).status).toBe(200)
    agent.destroy()
  })
})

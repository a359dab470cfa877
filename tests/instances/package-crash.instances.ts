/**
 * kill -9 during a Storyline package's upload, its unpacking and its swap, then a start on the same
 * data: a whole package plays (the old one until the new one's pointer is written, then the new
 * one), and nothing an interrupted upload wrote is left. Real server processes on one SQLite file and
 * one uploads folder; the upload's body is cut by killing the process, the later steps by
 * STORYLINE_CRASH_DRILL (cms/packages/storyline/extract.ts), which kills it at that step.
 */
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startServerProcess, type ServerProcess } from '../e2e/serverProcess'
import { packageFiles } from '../helpers/packages'
import { buildZip } from '../helpers/zips'
import { bearer, demoPassword, exited, login, sleep } from './instances'

let dataDir: string
let running: ServerProcess | undefined
const starts: ServerProcess[] = []
let activityId: number

/** A start on the first start's data (database, uploads, temporary uploads), killed or not by a drill. */
const start = async (name: string, drill?: string) => {
  running = await startServerProcess({
    name,
    env: { WARM_UP_LOGINS: '0', STORYLINE_CRASH_DRILL: drill },
    prepare: (): Record<string, string> | void =>
      dataDir ? { DATA_DIR: dataDir, UPLOADS_DIR: path.join(dataDir, 'uploads'), DATABASE_URL: `file:${path.join(dataDir, 'e2e.db')}` } : undefined,
  })
  dataDir ??= running.dir
  starts.push(running)
  return running
}

const editorToken = async (server: ServerProcess) =>
  (await login(server.baseURL, 'editor@civics360.local', demoPassword(dataDir, 'editor@civics360.local'))).token

/** A package whose every file names it, and a large stored file so its upload takes a while. */
const versionOf = (label: string) =>
  buildZip([
    ...packageFiles('web').map((file) => ({ ...file, data: file.data.replace('Web quiz', `Web quiz ${label}`) })),
    { name: 'story_content/which.txt', data: label },
    { name: 'story_content/audio.bin', data: randomBytes(3 * 1024 * 1024), compress: false },
  ])

const multipart = (zip: Buffer) => {
  const boundary = `----crash${randomBytes(8).toString('hex')}`
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="quiz.zip"\r\nContent-Type: application/zip\r\n\r\n`),
    zip,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { body, contentType: `multipart/form-data; boundary=${boundary}` }
}

/** Starts an upload; `bytes` of the body are written (all of it by default). */
const beginUpload = (server: ServerProcess, token: string, zip: Buffer, bytes?: number) => {
  const { body, contentType } = multipart(zip)
  const url = new URL(`${server.baseURL}/api/activities/${activityId}/storyline`)
  const request = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: { 'content-type': contentType, 'content-length': body.length, ...bearer(token) },
  })
  const answered = new Promise<number>((resolve) => {
    request.on('response', (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    request.on('error', () => resolve(0))
  })
  if (bytes === undefined) request.end(body)
  else request.write(body.subarray(0, bytes))
  return { request, answered }
}

/** What a student's browser gets: story.html and a file of the same package, by the spec's address and the launch's. */
const playing = async (server: ServerProcess) => {
  const base = `${server.contentURL}/uploads/${activityId}/storyline`
  const story = await fetch(`${base}/story.html`)
  const which = await fetch(`${base}/story_content/which.txt`)
  const text = await story.text()
  return { status: story.status, title: /Web quiz (\w+)/.exec(text)?.[1], which: which.status === 200 ? await which.text() : which.status }
}

/** Whatever in the data folder is not a live package, the pointer or the database: an interrupted upload's leftovers. */
const leftovers = () => {
  const found: string[] = []
  const tmp = path.join(dataDir, 'tmp')
  if (fs.existsSync(tmp)) found.push(...fs.readdirSync(tmp).map((name) => `tmp/${name}`))
  const activityDir = path.join(dataDir, 'uploads', String(activityId))
  const names = fs.existsSync(activityDir) ? fs.readdirSync(activityDir) : []
  const live = fs.existsSync(path.join(activityDir, 'package')) ? fs.readFileSync(path.join(activityDir, 'package'), 'utf8').trim() : ''
  found.push(...names.filter((name) => name !== 'package' && name !== live).map((name) => `uploads/${activityId}/${name}`))
  return found
}

const killed = async (server: ServerProcess) => expect(await exited(server)).toEqual({ code: null, signal: 'SIGKILL' })

beforeAll(async () => {
  const server = await start('crash-first')
  const token = await editorToken(server)
  const modules = (await (await fetch(`${server.baseURL}/api/modules?limit=1&depth=0`)).json()) as { docs: { id: number }[] }
  const created = await fetch(`${server.baseURL}/api/activities`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(token) },
    body: JSON.stringify({ title: 'Crash quiz', type: 'storyline', markdown: 'Quiz.', module: modules.docs[0].id }),
  })
  activityId = ((await created.json()) as { doc: { id: number } }).doc.id
  const first = beginUpload(server, token, await versionOf('old'))
  expect(await first.answered).toBe(200)
  expect(await playing(server)).toEqual({ status: 200, title: 'old', which: 'old' })
})

afterAll(async () => {
  if (running && running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGKILL')
  if (running) await exited(running)
  // Each start's own folder holds its log; the first one's holds the data too.
  if (!process.env.E2E_KEEP) for (const { dir } of starts) fs.rmSync(dir, { recursive: true, force: true })
})

describe('kill -9 while a package is installed, then a start', () => {
  it('during the upload: the old package plays and the partial upload is gone', async () => {
    const server = running!
    const upload = beginUpload(server, await editorToken(server), await versionOf('new'), 1024 * 1024)
    const tmp = path.join(dataDir, 'tmp')
    while (!(fs.existsSync(tmp) && fs.readdirSync(tmp).some((name) => fs.existsSync(path.join(tmp, name, 'upload.zip'))))) await sleep(50)
    server.child.kill('SIGKILL')
    await killed(server)
    upload.request.destroy()

    const next = await start('crash-after-upload', 'unpacking')
    expect(await playing(next)).toEqual({ status: 200, title: 'old', which: 'old' })
    expect(leftovers()).toEqual([])
  })

  it('during the unpacking: the old package plays and the partial tree is gone', async () => {
    const server = running!
    const upload = beginUpload(server, await editorToken(server), await versionOf('new'))
    await killed(server)
    expect(await upload.answered).toBe(0)

    const next = await start('crash-after-unpacking', 'version-renamed')
    expect(await playing(next)).toEqual({ status: 200, title: 'old', which: 'old' })
    expect(leftovers()).toEqual([])
  })

  it('during the swap, before the pointer moves: the old package plays and the unnamed version is gone', async () => {
    const server = running!
    const upload = beginUpload(server, await editorToken(server), await versionOf('new'))
    await killed(server)
    expect(await upload.answered).toBe(0)

    const next = await start('crash-after-rename', 'pointer-written')
    expect(await playing(next)).toEqual({ status: 200, title: 'old', which: 'old' })
    expect(leftovers()).toEqual([])
  })

  it('during the swap, once the pointer moved: the new package plays whole and the old one is gone', async () => {
    const server = running!
    const upload = beginUpload(server, await editorToken(server), await versionOf('new'))
    await killed(server)
    expect(await upload.answered).toBe(0)

    const next = await start('crash-after-pointer')
    expect(await playing(next)).toEqual({ status: 200, title: 'new', which: 'new' })
    expect(leftovers()).toEqual([])
    // And an upload after all that installs as usual.
    const again = beginUpload(next, await editorToken(next), await versionOf('again'))
    expect(await again.answered).toBe(200)
    expect(await playing(next)).toEqual({ status: 200, title: 'again', which: 'again' })
    expect(leftovers()).toEqual([])
  })
})

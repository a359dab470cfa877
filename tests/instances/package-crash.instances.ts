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

import type { ServerProcess } from '../e2e/serverProcess'
import { bearer, exited, labelledPackage, labelPlaying, sleep, StartsOnOneData, storylineActivityOn } from './instances'

let activityId: number

const starts = new StartsOnOneData()
const { start, editorToken } = starts

/** A package whose every file names it, and a large stored file so its upload takes a while. */
const versionOf = (label: string) => labelledPackage(label, [{ name: 'story_content/audio.bin', data: randomBytes(3 * 1024 * 1024), compress: false }])

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

const playing = (server: ServerProcess) => labelPlaying(server, activityId)

/** Whatever in the data folder is not a live package, the pointer or the database: an interrupted upload's leftovers. */
const leftovers = () => {
  const found: string[] = []
  const tmp = path.join(starts.dataDir, 'tmp')
  if (fs.existsSync(tmp)) found.push(...fs.readdirSync(tmp).map((name) => `tmp/${name}`))
  const activityDir = path.join(starts.dataDir, 'uploads', String(activityId))
  const names = fs.existsSync(activityDir) ? fs.readdirSync(activityDir) : []
  const live = fs.existsSync(path.join(activityDir, 'package')) ? fs.readFileSync(path.join(activityDir, 'package'), 'utf8').trim() : ''
  found.push(...names.filter((name) => name !== 'package' && name !== live).map((name) => `uploads/${activityId}/${name}`))
  return found
}

const killed = async (server: ServerProcess) => expect(await exited(server)).toEqual({ code: null, signal: 'SIGKILL' })

beforeAll(async () => {
  const server = await start('crash-first')
  const token = await editorToken(server)
  activityId = await storylineActivityOn(server, token, 'Crash quiz')
  const first = beginUpload(server, token, await versionOf('old'))
  expect(await first.answered).toBe(200)
  expect(await playing(server)).toEqual({ status: 200, title: 'old', which: 'old' })
})

afterAll(() => starts.end())

describe('kill -9 while a package is installed, then a start', () => {
  it('during the upload: the old package plays and the partial upload is gone', async () => {
    const server = starts.running!
    const upload = beginUpload(server, await editorToken(server), await versionOf('new'), 1024 * 1024)
    const tmp = path.join(starts.dataDir, 'tmp')
    while (!(fs.existsSync(tmp) && fs.readdirSync(tmp).some((name) => fs.existsSync(path.join(tmp, name, 'upload.zip'))))) await sleep(50)
    server.child.kill('SIGKILL')
    await killed(server)
    upload.request.destroy()

    const next = await start('crash-after-upload', 'unpacking')
    expect(await playing(next)).toEqual({ status: 200, title: 'old', which: 'old' })
    expect(leftovers()).toEqual([])
  })

  it('during the unpacking: the old package plays and the partial tree is gone', async () => {
    const server = starts.running!
    const upload = beginUpload(server, await editorToken(server), await versionOf('new'))
    await killed(server)
    expect(await upload.answered).toBe(0)

    const next = await start('crash-after-unpacking', 'version-renamed')
    expect(await playing(next)).toEqual({ status: 200, title: 'old', which: 'old' })
    expect(leftovers()).toEqual([])
  })

  it('during the swap, before the pointer moves: the old package plays and the unnamed version is gone', async () => {
    const server = starts.running!
    const upload = beginUpload(server, await editorToken(server), await versionOf('new'))
    await killed(server)
    expect(await upload.answered).toBe(0)

    const next = await start('crash-after-rename', 'pointer-written')
    expect(await playing(next)).toEqual({ status: 200, title: 'old', which: 'old' })
    expect(leftovers()).toEqual([])
  })

  it('during the swap, once the pointer moved: the new package plays whole and the old one is gone', async () => {
    const server = starts.running!
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

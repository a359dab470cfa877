/**
 * kill -9 while a Storyline package is stored in the bucket (`S3_BUCKET`, s3rver on loopback), then a
 * start: the old package plays until the new one's pointer object is written, then the new one, whole;
 * what the killed upload left (its temporary folder, its objects once abandoned) goes at the start.
 * Real server processes; the steps are chosen by STORYLINE_CRASH_DRILL (cms/packages/storyline/extract.ts).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { ServerProcess } from '../e2e/serverProcess'
import { bearer, exited, labelledPackage, labelPlaying, StartsOnOneData, storylineActivityOn } from './instances'

const BUCKET = 'civics-packages'
let s3: S3rver
let s3Dir: string
let bucket: S3Client
let bucketEnv: Record<string, string>
let activityId: number

const starts = new StartsOnOneData(() => bucketEnv)
const { start, editorToken } = starts

const upload = async (server: ServerProcess, label: string) => {
  const zip = await labelledPackage(label)
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'quiz.zip')
  return fetch(`${server.baseURL}/api/activities/${activityId}/storyline`, { method: 'POST', headers: bearer(await editorToken(server)), body: form }).then(
    (res) => res.status,
    () => 0,
  )
}

const playing = (server: ServerProcess) => labelPlaying(server, activityId)

/** The versions stored for the activity, and the one its pointer names. */
const stored = async () => {
  const prefix = `storyline/${activityId}/`
  const listed = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))
  const keys = (listed.Contents ?? []).map((object) => object.Key!.slice(prefix.length))
  return { versions: [...new Set(keys.map((key) => key.split('/')[0]).filter((name) => name !== 'package'))].sort() }
}

/** The temporary folders of uploads in the instance's data. */
const temporary = () => {
  const tmp = path.join(starts.dataDir, 'tmp')
  return fs.existsSync(tmp) ? fs.readdirSync(tmp) : []
}

/** As if the objects were written long ago: s3rver reports its files' modification time as LastModified. */
const ageTheBucket = () => {
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000)
  const root = path.join(s3Dir, BUCKET, 'storyline', String(activityId))
  for (const name of fs.readdirSync(root, { recursive: true }).map(String)) fs.utimesSync(path.join(root, name), hourAgo, hourAgo)
}

const killed = async (server: ServerProcess) => expect(await exited(server)).toEqual({ code: null, signal: 'SIGKILL' })

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-s3-'))
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] })
  const { port } = await s3.run()
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  bucketEnv = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
  }
  bucket = new S3Client({ endpoint: bucketEnv.S3_ENDPOINT, region: 'us-east-1', forcePathStyle: true, credentials })

  const server = await start('bucket-crash-first')
  const token = await editorToken(server)
  activityId = await storylineActivityOn(server, token, 'Crash quiz')
})

afterAll(async () => {
  bucket?.destroy()
  await s3?.close()
  await starts.end([s3Dir])
})

describe('kill -9 while a package is stored in the bucket, then a start', () => {
  it('the old package plays until the pointer moves, the new one whole after it, and what the killed uploads left goes', async () => {
    expect(await upload(starts.running!, 'old')).toBe(200)
    expect(await playing(starts.running!)).toEqual({ status: 200, title: 'old', which: 'old' })
    const old = (await stored()).versions
    expect(old).toHaveLength(1)
    starts.running!.child.kill('SIGKILL')
    await killed(starts.running!)

    // Killed once every object of the new version is stored, before the pointer moves.
    const storing = await start('bucket-crash-stored', 'version-renamed')
    expect(await upload(storing, 'new')).toBe(0)
    await killed(storing)
    expect((await stored()).versions).toHaveLength(2)
    ageTheBucket()
    const afterStore = await start('bucket-crash-after-store', 'pointer-written')
    expect(await playing(afterStore)).toEqual({ status: 200, title: 'old', which: 'old' })
    expect(await stored()).toEqual({ versions: old })
    expect(temporary()).toEqual([])

    // Killed once the pointer names the new version, before the old one is removed.
    expect(await upload(afterStore, 'new')).toBe(0)
    await killed(afterStore)
    ageTheBucket()
    const afterPointer = await start('bucket-crash-after-pointer')
    expect(await playing(afterPointer)).toEqual({ status: 200, title: 'new', which: 'new' })
    const live = (await stored()).versions
    expect(live).toHaveLength(1)
    expect(live).not.toEqual(old)
    expect(temporary()).toEqual([])

    // And an upload after all that installs as usual, alone in the bucket.
    expect(await upload(afterPointer, 'again')).toBe(200)
    expect(await playing(afterPointer)).toEqual({ status: 200, title: 'again', which: 'again' })
    const again = (await stored()).versions
    expect(again).toHaveLength(1)
    expect(again).not.toEqual(live)
  })
})

/**
 * A file the server cannot store reaches the editor as what happened: a full disk or an uploads
 * folder it may not write is a 507 that says so, not "Something went wrong.". UPLOADS_DIR is a
 * real file system (tmpfs) mounted for this file, small enough to fill, made read-only for the last test; the
 * database and the upload's temporary copy live elsewhere, as they usually do.
 */
import { randomBytes } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { Actors } from './helpers/actors'
import { type Client, message } from './helpers/client'
import { packageFiles } from './helpers/packages'
import { startServer, type TestServer } from './helpers/server'
import { buildZip } from './helpers/zips'
import { emptyModule, uploadPackage } from './helpers/content'

let server: TestServer
let editor: Client
let mountDir: string
let mounted = false
let moduleId: number
// Imported once UPLOADS_DIR is set: cms/config/paths.ts reads it when first imported.
let diskFullMessage: string
let notWritableMessage: string

beforeAll(async () => {
  mountDir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-small-disk-'))
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountDir])
  mounted = true
  server = await startServer({ env: { UPLOADS_DIR: mountDir } })
  ;({ diskFullMessage, notWritableMessage } = await import('@cms/http/storageErrors'))
  editor = await new Actors(server.payload, server.base).staff('activities:write', 'topics:write')
  moduleId = await emptyModule(server.payload)
})
afterAll(async () => {
  await server?.close()
  if (mounted) execFileSync('umount', ['-l', mountDir])
  fs.rmSync(mountDir, { recursive: true, force: true })
})

const storylineActivity = async () =>
  (
    await server.payload.create({
      collection: 'activities',
      data: { title: `Quiz ${randomBytes(3).toString('hex')}`, type: 'storyline', markdown: 'Body', module: moduleId } as never,
      overrideAccess: true,
    })
  ).id

/** A SCORM 1.2 package with `extraBytes` of media that does not compress. */
const packageWith = (extraBytes: number) =>
  buildZip([...packageFiles('scorm12'), { name: 'story_content/video.bin', data: randomBytes(extraBytes), compress: false }])

const upload = async (zip: Buffer, activityId?: number | string) => uploadPackage(editor, activityId ?? (await storylineActivity()), zip, 'quiz.zip')

describe('storage errors reach the editor as what happened', () => {
  it('a package that fits still installs (the folder is fine until it fills)', async () => {
    const res = await upload(await packageWith(16 * 1024))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  })

  it('a Storyline package larger than the free space: 507, the disk is full', async () => {
    const res = await upload(await packageWith(1536 * 1024))
    expect(res.status, JSON.stringify(res.body)).toBe(507)
    expect(message(res)).toBe(diskFullMessage)
  })

  it('a new version that does not fit leaves the previous package playing, and nothing of itself', async () => {
    const id = await storylineActivity()
    expect((await upload(await packageWith(16 * 1024), id)).status).toBe(200)
    const before = fs.readdirSync(path.join(mountDir, String(id))).sort()
    const res = await upload(await packageWith(1536 * 1024), id)
    expect(res.status, JSON.stringify(res.body)).toBe(507)
    expect(message(res)).toBe(diskFullMessage)
    const story = await fetch(`${server.contentBase}/uploads/${id}/storyline/story.html`)
    expect(story.status).toBe(200)
    expect(await story.text()).toContain('SCORM 1.2 quiz (web)')
    expect(fs.readdirSync(path.join(mountDir, String(id))).sort()).toEqual(before)
  })

  it('a media file larger than the free space: 507, the disk is full', async () => {
    const form = new FormData()
    form.append(
      'file',
      new Blob(
        [
          randomBytes(1536 * 1024)
            .toString('hex')
            .slice(0, 1536 * 1024),
        ],
        { type: 'text/plain' },
      ),
      'notes.txt',
    )
    form.append('_payload', JSON.stringify({ alt: 'Notes' }))
    const res = await editor.request('POST', '/api/media', undefined, { raw: form })
    expect(res.status, JSON.stringify(res.body)).toBe(507)
    expect(message(res)).toBe(diskFullMessage)
  })

  it('an uploads folder made read-only while serving: 507, the folder is not writable', async () => {
    execFileSync('mount', ['-o', 'remount,ro', mountDir])
    try {
      const res = await upload(await packageWith(16 * 1024))
      expect(res.status, JSON.stringify(res.body)).toBe(507)
      expect(message(res)).toBe(notWritableMessage)
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', mountDir])
    }
  })
})

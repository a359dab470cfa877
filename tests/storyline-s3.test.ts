/**
 * Storyline packages kept in the S3-compatible bucket (`S3_BUCKET`; s3rver on loopback): an upload
 * stores every file and its compressed copies under a versioned prefix and then switches the
 * pointer; the content origin streams them with the same headers as from disk; a re-upload, a
 * refused upload and a removal leave exactly the objects they should.
 */
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { storageShimTag } from '@cms/packages/content/packageHtml'
import { storylineStore } from '@cms/packages/storyline/packageStore'
import { Actors } from './helpers/actors'
import { type ApiResponse, type Client, getRawBytes, message } from './helpers/client'
import { packageFiles } from './helpers/packages'
import { startServer, type TestServer } from './helpers/server'
import { buildZip } from './helpers/zips'
import { emptyModule, uploadPackage } from './helpers/content'

const BUCKET = 'civics-packages'
/** A package file with this in its name is refused by the bucket (see `refusingProxy`). */
const REFUSED = 'refused-by-bucket'

let s3: S3rver
let s3Dir: string
let proxy: http.Server
let server: TestServer
let editor: Client
let bucket: S3Client
let moduleId: number
let seq = 0
/** PUTs the proxy passed on to the bucket. */
let storedPuts = 0

/**
 * The bucket as the server sees it: s3rver, behind a proxy that refuses the PUT of any key naming
 * `REFUSED` (403, as a bucket policy or a full quota would), so an upload fails half-way through.
 */
const refusingProxy = (target: number) =>
  http.createServer((req, res) => {
    if (req.method === 'PUT' && req.url?.includes(REFUSED)) {
      req.resume()
      res.writeHead(403, { 'content-type': 'application/xml' })
      res.end('<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>')
      return
    }
    if (req.method === 'PUT') storedPuts += 1
    const forward = http.request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    forward.on('error', () => res.destroy())
    req.pipe(forward)
  })

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civics-s3-'))
  s3 = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Dir, configureBuckets: [{ name: BUCKET, configs: [] }] })
  const { port } = await s3.run()
  proxy = refusingProxy(port)
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const endpoint = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }
  server = await startServer({
    env: {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
  })
  bucket = new S3Client({ endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', forcePathStyle: true, credentials })
  editor = await new Actors(server.payload, server.base).staff('activities:write')
  moduleId = await emptyModule(server.payload)
})

afterAll(async () => {
  await server?.close()
  for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) delete process.env[name]
  bucket?.destroy()
  await new Promise((resolve) => proxy?.close(resolve))
  await s3?.close()
  if (s3Dir) fs.rmSync(s3Dir, { recursive: true, force: true })
})

// ---------------------------------------------------------------------------

const createActivity = async () =>
  (
    await server.payload.create({
      collection: 'activities',
      data: { title: `Activity ${++seq}`, type: 'storyline', markdown: 'Body', module: moduleId } as never,
      overrideAccess: true,
    })
  ).id

const upload = (id: number | string, zip: Buffer) => uploadPackage(editor, id, zip, 'quiz.zip')

const expectOk = (res: ApiResponse, status = 200) => {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`)
}

/** The keys under the activity's prefix, without it. */
const keysOf = async (id: number | string): Promise<string[]> => {
  const prefix = `storyline/${id}/`
  const keys: string[] = []
  let ContinuationToken: string | undefined
  do {
    const page = await bucket.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, ContinuationToken }))
    keys.push(...(page.Contents ?? []).map((object) => object.Key!.slice(prefix.length)))
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined
  } while (ContinuationToken)
  return keys.sort()
}

const getBytes = (urlPath: string, headers: Record<string, string> = {}) => getRawBytes(server.contentBase, urlPath, headers)

const decoded = (answer: { headers: http.IncomingHttpHeaders; body: Buffer }) =>
  answer.headers['content-encoding'] === 'br'
    ? zlib.brotliDecompressSync(answer.body)
    : answer.headers['content-encoding'] === 'gzip'
      ? zlib.gunzipSync(answer.body)
      : answer.body

const launchPath = async (id: number | string) => {
  const res = await editor.request('POST', `/api/activities/${id}/open`, {})
  expectOk(res)
  return new URL(res.body.launch.packageUrl).pathname
}

/** A SCORM 1.2 package (tests/helpers/packages.ts) with a player script large enough to compress, a clip, and `extra` files. */
const script = `window.slides = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, text: `Slide ${i} of the quiz` })))}`
const clip = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => i % 251))
const scormPackage = (marker: string, extra: { name: string; data: string | Buffer }[] = []) =>
  buildZip([
    ...packageFiles('scorm12').map((file) => ({ ...file, data: file.data.replace('SCORM 1.2 quiz', `SCORM 1.2 quiz ${marker}`) })),
    { name: 'html5/data/js/data.js', data: script },
    { name: 'story_content/clip.mp4', data: clip, compress: false },
    ...extra,
  ])

// ---------------------------------------------------------------------------

describe('a package in the bucket', () => {
  let id: number | string
  let version: string

  beforeAll(async () => {
    id = await createActivity()
    expectOk(await upload(id, await scormPackage('first')))
  })

  it('is stored under a versioned prefix, with brotli and gzip copies of its text files, and a pointer naming it', async () => {
    const keys = await keysOf(id)
    expect(keys).toContain('package')
    version = keys.find((key) => key !== 'package')!.split('/')[0]
    expect(version).toMatch(/^v[0-9a-z]+$/)
    for (const file of ['files/index_lms.html', 'files/imsmanifest.xml', 'files/html5/data/js/data.js', 'files/story_content/clip.mp4']) {
      expect(keys).toContain(`${version}/${file}`)
    }
    expect(keys).toContain(`${version}/br/html5/data/js/data.js`)
    expect(keys).toContain(`${version}/gz/html5/data/js/data.js`)
    // Media are compressed already: no copies of them.
    expect(keys.filter((key) => key.endsWith('clip.mp4'))).toEqual([`${version}/files/story_content/clip.mp4`])
    expect(keys.every((key) => key === 'package' || key.startsWith(`${version}/`))).toBe(true)
    // Nothing of it on the instance's disk: another instance could not read it there.
    expect(fs.existsSync(path.join(server.dir, 'uploads', String(id)))).toBe(false)
  })

  it("opens at its launch URL through the content origin: the page with the storage shim, revalidated, under the package's policy", async () => {
    const launch = await launchPath(id)
    expect(launch).toBe(`/uploads/${id}/storyline/${version}/index_lms.html`)
    const page = await getBytes(launch, { 'accept-encoding': 'identity' })
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toMatch(/^text\/html/)
    expect(page.headers['cache-control']).toBe('no-cache')
    expect(page.headers['content-security-policy']).toMatch(/frame-ancestors 'self' /)
    const original = packageFiles('scorm12')
      .find((file) => file.name === 'index_lms.html')!
      .data.replace('SCORM 1.2 quiz', 'SCORM 1.2 quiz first')
    expect(page.body.toString()).toBe(original.replace('<head>', `<head>${storageShimTag}`))
    // Revalidated: the same page again is a 304.
    expect((await getBytes(launch, { 'accept-encoding': 'identity', 'if-none-match': String(page.headers.etag) })).status).toBe(304)
    // The spec's unversioned address is the live version.
    expect(decoded(await getBytes(`/uploads/${id}/storyline/story.html`, { 'accept-encoding': 'br' })).toString()).toContain('SCORM 1.2 quiz first (web)')
  })

  it('sends a script compressed with brotli, with gzip, or as it is, byte for byte the original once decoded, immutable under its version', async () => {
    const url = `/uploads/${id}/storyline/${version}/html5/data/js/data.js`
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const js = await getBytes(url, { 'accept-encoding': accept })
      expect(js.status).toBe(200)
      expect(js.headers['content-encoding'], accept).toBe(encoding)
      expect(js.headers.vary).toMatch(/Accept-Encoding/i)
      expect(js.headers['content-type']).toMatch(/^(text|application)\/javascript/)
      expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      expect(js.headers.etag).toBeTruthy()
      expect(js.headers['last-modified']).toBeTruthy()
      expect(Number(js.headers['content-length'])).toBe(js.body.length)
      expect(decoded(js).toString()).toBe(script)
      if (encoding) expect(js.body.length).toBeLessThan(script.length / 2)
      // The browser's copy is still good: 304.
      expect((await getBytes(url, { 'accept-encoding': accept, 'if-none-match': String(js.headers.etag) })).status).toBe(304)
    }
  })

  it('answers a byte range of a clip with 206 and exactly those bytes', async () => {
    const part = await getBytes(`/uploads/${id}/storyline/${version}/story_content/clip.mp4`, { range: 'bytes=1000-1999', 'accept-encoding': 'br, gzip' })
    expect(part.status).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${clip.length}`)
    expect(part.headers['content-type']).toBe('video/mp4')
    expect(part.headers['content-encoding']).toBeUndefined()
    expect(part.headers['accept-ranges']).toBe('bytes')
    expect(part.body.equals(clip.subarray(1000, 2000))).toBe(true)
    const whole = await getBytes(`/uploads/${id}/storyline/${version}/story_content/clip.mp4`)
    expect(whole.status).toBe(200)
    expect(whole.body.equals(clip)).toBe(true)
  })

  it('answers 404 for a file the package does not have, and refuses a path that leaves it', async () => {
    for (const missing of [`${version}/story_content/nothing.js`, `${version}/nothing.html`, 'nothing.mp4', 'vzzzzzzzzzz/story.html']) {
      const answer = await getBytes(`/uploads/${id}/storyline/${missing}`)
      expect(answer.status, missing).toBe(404)
      expect(answer.headers['cache-control'], missing).toBeUndefined()
    }
    // The pointer and the compressed copies are not files of the package.
    expect((await getBytes(`/uploads/${id}/storyline/package`)).status).toBe(404)
    expect((await getBytes(`/uploads/${id}/storyline/${version}/br/html5/data/js/data.js`)).status).toBe(404)
    expect((await getBytes(`/uploads/${id}/storyline/${version}/..%2f..%2fpackage`)).status).toBe(403)
    expect((await getBytes(`/uploads/${id}/storyline/%2e%2e/%2e%2e/package`)).status).toBe(403)
  })

  it('a re-upload goes live under a new version, and the earlier version leaves the bucket', async () => {
    expectOk(await upload(id, await scormPackage('second')))
    const launch = await launchPath(id)
    const next = launch.split('/')[4]
    expect(next).not.toBe(version)
    expect((await getBytes(launch, { 'accept-encoding': 'identity' })).body.toString()).toContain('SCORM 1.2 quiz second')
    expect((await getBytes(`/uploads/${id}/storyline/${version}/index_lms.html`)).status).toBe(404)
    const keys = await keysOf(id)
    expect(keys.every((key) => key === 'package' || key.startsWith(`${next}/`))).toBe(true)
    version = next
  })

  it('an upload the bucket refuses half-way leaves the previous package playing and none of its objects behind', async () => {
    const before = await keysOf(id)
    storedPuts = 0
    // Enough files that some are stored before the refused one, and some would come after it.
    const many = Array.from({ length: 30 }, (_, i) => ({ name: `story_content/part${String(i).padStart(2, '0')}.js`, data: `window.part${i} = ${i}` }))
    const res = await upload(id, await scormPackage('third', [...many.slice(0, 15), { name: `story_content/${REFUSED}.js`, data: 'x' }, ...many.slice(15)]))
    expect(res.status).toBe(503)
    // Some of its objects had been stored before the refusal; they are gone.
    expect(storedPuts).toBeGreaterThan(0)
    expect(message(res)).toMatch(/previous package still plays/)
    expect(await keysOf(id)).toEqual(before)
    const launch = await launchPath(id)
    expect(launch.split('/')[4]).toBe(version)
    expect((await getBytes(launch, { 'accept-encoding': 'identity' })).body.toString()).toContain('SCORM 1.2 quiz second')
  })

  it('removing the package removes its objects, and its files are gone from the content origin', async () => {
    expectOk(await editor.request('DELETE', `/api/activities/${id}/storyline`))
    expect(await keysOf(id)).toEqual([])
    expect((await getBytes(`/uploads/${id}/storyline/${version}/index_lms.html`)).status).toBe(404)
    expect((await getBytes(`/uploads/${id}/storyline/story.html`)).status).toBe(404)
  })

  it('deleting an activity removes its package from the bucket', async () => {
    const other = await createActivity()
    expectOk(await upload(other, await scormPackage('doomed')))
    expect((await keysOf(other)).length).toBeGreaterThan(1)
    await server.payload.delete({ collection: 'activities', id: other, overrideAccess: true })
    expect(await keysOf(other)).toEqual([])
  })
})

describe('what a crashed upload left in the bucket', () => {
  it('is removed at the next start once abandoned, with the temporary folders; the live version and an upload in progress stay', async () => {
    const id = await createActivity()
    expectOk(await upload(id, await scormPackage('live')))
    const live = (await keysOf(id)).find((key) => key !== 'package')!.split('/')[0]
    const put = (key: string) => bucket.send(new PutObjectCommand({ Bucket: BUCKET, Key: `storyline/${id}/${key}`, Body: 'left behind' }))
    await put('vabandoned01/files/story.html')
    await put('vabandoned01/br/html5/data/js/data.js')
    await put('vinprogress1/files/story.html')
    // An hour old: s3rver reports its file's modification time as an object's LastModified.
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000)
    const abandoned = path.join(s3Dir, BUCKET, 'storyline', String(id), 'vabandoned01')
    for (const name of fs.readdirSync(abandoned, { recursive: true }).map(String)) fs.utimesSync(path.join(abandoned, name), hourAgo, hourAgo)
    const tmp = path.join(server.dir, 'tmp-after-crash')
    fs.mkdirSync(path.join(tmp, 'storyline-unpacking', 'files'), { recursive: true })

    const removed = await storylineStore(path.join(server.dir, 'uploads')).repair(tmp)
    expect(removed).toContain(path.join(tmp, 'storyline-unpacking'))
    expect(removed).toContain(`s3://${BUCKET}/storyline/${id}/vabandoned01/`)
    expect(fs.existsSync(path.join(tmp, 'storyline-unpacking'))).toBe(false)
    const keys = await keysOf(id)
    expect(keys.filter((key) => !key.startsWith(`${live}/`))).toEqual(['package', 'vinprogress1/files/story.html'])
    expect((await getBytes(await launchPath(id), { 'accept-encoding': 'identity' })).body.toString()).toContain('SCORM 1.2 quiz live')
  })
})

/**
 * Storyline packages through real HTTP: upload and removal endpoints with and without the scope,
 * hostile packages (nothing lands outside uploads/<id>/, the previous package keeps serving),
 * how the files are served, and what happens to them when the activity changes or goes.
 */
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import http from 'node:http'
import path from 'node:path'
import zlib from 'node:zlib'

import { beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { type ApiResponse, type Client, getRawBytes, message } from './helpers/client'
import { serverForFile } from './helpers/fileServer'
import { buildZip, patchEntry, zipWithName } from './helpers/zips'
import { emptyModule, uploadPackage } from './helpers/content'

// Small limits so the size tests stay cheap: 20 entries, 1 MB per file, 2 MB unpacked.
const LIMITS = { STORYLINE_MAX_ENTRIES: '20', STORYLINE_MAX_ENTRY_MB: '1', STORYLINE_MAX_TOTAL_MB: '2' }
const MB = 1024 * 1024

let editor: Client
let uploadsDir: string
let tmpDir: string
let moduleId: number
let seq = 0

const { server, actors } = serverForFile({ env: LIMITS })
beforeAll(async () => {
  editor = await actors.staff('activities:write')
  uploadsDir = path.join(server.dir, 'uploads')
  tmpDir = path.join(server.dir, 'tmp')
  moduleId = await emptyModule(server.payload)
})

// ---------------------------------------------------------------------------

const createActivity = async (type = 'storyline') => {
  const doc = await server.payload.create({
    collection: 'activities',
    data: { title: `Activity ${++seq}`, type, markdown: 'Body', module: moduleId } as never,
    overrideAccess: true,
  })
  return doc.id
}

const upload = (client: Client, id: number | string, zip: Buffer | string, filename = 'quiz.zip', field = 'file') =>
  uploadPackage(client, id, zip, filename, field)

const removePackage = (client: Client, id: number | string) => client.request('DELETE', `/api/activities/${id}/storyline`)

/** A Content-Security-Policy as its directives' sources, by name. */
const directivesOf = (policy: string | null): Record<string, string> =>
  Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources.join(' ')]),
  )

/** A plain GET of a served file from the content origin, as the browser in the modal makes it. */
const fetchFile = async (urlPath: string, headers: Record<string, string> = {}) => {
  const res = await fetch(server.contentBase + urlPath, { headers, redirect: 'manual' })
  return { status: res.status, headers: res.headers, text: await res.text() }
}

/** A GET whose path is sent exactly as written (fetch would resolve `..` itself); content origin by default. */
const rawGet = (rawPath: string, headers: Record<string, string> = {}, base = server.contentBase) =>
  new Promise<{ status: number; body: string; location?: string }>((resolve, reject) => {
    const url = new URL(base)
    const req = http.request({ host: url.hostname, port: url.port, path: rawPath, method: 'GET', headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (c: string) => (body += c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, location: res.headers.location }))
    })
    req.on('error', reject)
    req.end()
  })

/** Every path under the test's folder except the database files: uploads/, tmp/ and anything that escaped. */
const listAll = async (): Promise<string[]> => ((await readdir(server.dir, { recursive: true })) as string[]).filter((p) => !p.startsWith('test.db')).sort()

const listTmp = async (): Promise<string[]> => (existsSync(tmpDir) ? ((await readdir(tmpDir, { recursive: true })) as string[]) : [])

/** What the content origin puts first in every package page (cms/packages/content/packageHtml.ts). */
const storageShimTag = '<script src="/launcher/storage-shim.js"></script>'
const storyUrl = (id: number | string) => `/uploads/${id}/storyline/story.html`

const goodPackage = (marker = 'good package') =>
  buildZip([
    { name: 'story.html', data: `<!doctype html><html><body>${marker}</body></html>` },
    { name: 'story_content/user.js', data: `window.marker = ${JSON.stringify(marker)}` },
    { name: 'html5/data/js/data.js', data: 'window.data = {}' },
    { name: 'story_content/slide.png', data: Buffer.from('89504e470d0a1a0a', 'hex') },
    { name: 'html5/lib/fonts/open.woff', data: Buffer.from('wOFF fake font') },
    { name: 'story_content/blob.qqq', data: '<script>alert(1)</script>' },
  ])

/** The activity's folder holds the live version and its pointer, nothing else (cms/packages/storyline/packageFolders.ts). */
const expectOnlyLiveVersion = async (id: number | string) => {
  const folder = path.join(uploadsDir, String(id))
  const live = (await readFile(path.join(folder, 'package'), 'utf8')).trim()
  expect(live).toMatch(/^v[0-9a-z]+$/)
  expect((await readdir(folder)).sort()).toEqual(['package', live].sort())
}

const expectOk = (res: ApiResponse, status = 200) => {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`)
}

// ---------------------------------------------------------------------------

describe('who may upload and remove packages', () => {
  let id: number | string

  beforeAll(async () => {
    id = await createActivity()
    expectOk(await upload(editor, id, await goodPackage('original')))
  })

  const refusedActors: [string, number, () => Promise<Client>][] = [
    ['anonymous', 401, async () => actors.anonymous()],
    ['a student', 403, async () => actors.student((await actors.classroom(await actors.educator())).id)],
    ['a teacher', 403, () => actors.educator()],
    ['staff with activities:delete only', 403, () => actors.staff('activities:delete')],
    ['staff with pages:write', 403, () => actors.staff('pages:write', 'pages:delete', 'modules:write', 'topics:write')],
  ]

  for (const [who, status, make] of refusedActors) {
    it(`refuses ${who} (${status}) and changes nothing`, async () => {
      const client = await make()
      const before = await listAll()
      const up = await upload(client, id, await goodPackage('intruder'))
      expect(up.status).toBe(status)
      expect(message(up)).toMatch(status === 401 ? /logged in/ : /activities:write/)
      const del = await removePackage(client, id)
      expect(del.status).toBe(status)
      expect(await listAll()).toEqual(before)
      expect((await fetchFile(storyUrl(id))).text).toContain('original')
    })
  }

  it('answers a refusal before reading a large body, without resetting the connection', async () => {
    const anonymous = actors.anonymous()
    const res = await upload(anonymous, id, Buffer.alloc(8 * MB, 1))
    expect(res.status).toBe(401)
    const student = await actors.student((await actors.classroom(await actors.educator())).id)
    expect((await upload(student, id, Buffer.alloc(8 * MB, 1))).status).toBe(403)
    expect(await listTmp()).toEqual([])
  })

  it('answers the next request on the same kept-alive connection after refusing an upload it did not read', async () => {
    // Without reading the rest of the refused body, the client's next request on that connection
    // waited unread until the server's idle timeout cut the connection (65 s, then a reset).
    const student = await actors.student((await actors.classroom(await actors.educator())).id)
    for (const size of [200 * 1024, MB, 3.5 * MB]) {
      for (let round = 0; round < 3; round++) {
        expect((await upload(student, id, Buffer.alloc(size, 1))).status).toBe(403)
        expect((await student.get('/api/users/me')).status).toBe(200)
      }
    }
    expect(await listTmp()).toEqual([])
  })

  it('lets staff with activities:write upload and remove', async () => {
    const up = await upload(editor, id, await goodPackage('replaced'))
    expect(up.status).toBe(200)
    expect(up.body.message).toBe('Storyline package uploaded.')
    expect((await fetchFile(storyUrl(id))).text).toContain('replaced')
    const del = await removePackage(editor, id)
    expect(del.status).toBe(200)
    expect(del.body.message).toBe('Storyline package removed.')
  })

  it('answers 404 for an unknown activity and 400 for an activity that is not a storyline', async () => {
    const missing = await upload(editor, 987654, await goodPackage())
    expect(missing.status).toBe(404)
    expect(message(missing)).toBe('Activity not found.')
    expect((await upload(editor, 'not-an-id', await goodPackage())).status).toBe(404)
    expect((await removePackage(editor, 987654)).status).toBe(404)

    const video = await createActivity('video')
    const wrongType = await upload(editor, video, await goodPackage())
    expect(wrongType.status).toBe(400)
    expect(message(wrongType)).toMatch(/not a Storyline activity/)
    expect(existsSync(path.join(uploadsDir, String(video)))).toBe(false)
  })

  it('answers 400 when no file is sent', async () => {
    const target = await createActivity()
    const onlyText = new FormData()
    onlyText.append('title', 'no file here')
    for (const res of [
      await editor.request('POST', `/api/activities/${target}/storyline`, undefined, { raw: onlyText }),
      await editor.post(`/api/activities/${target}/storyline`, { file: 'quiz.zip' }),
      await upload(editor, target, await goodPackage(), 'quiz.zip', 'package'), // wrong field name
      await upload(editor, target, '', ''), // the browser's "no file chosen"
    ]) {
      expect(res.status).toBe(400)
      expect(message(res)).toBe('Choose a Storyline package (.zip) to upload, sent as the form field "file".')
    }
    expect(existsSync(path.join(uploadsDir, String(target)))).toBe(false)
    expect(await listTmp()).toEqual([])
  })
})

describe('a valid package', () => {
  let id: number | string

  beforeAll(async () => {
    id = await createActivity()
  })

  it('is unpacked, recorded on the activity and served at story.html', async () => {
    const res = await upload(editor, id, await goodPackage('first'), 'My Quiz.zip')
    expect(res.status).toBe(200)
    expect(res.body.doc).toMatchObject({
      id,
      type: 'storyline',
      storyline: { filename: 'My Quiz.zip', fileCount: 6 },
      storylineUrl: storyUrl(id),
    })
    expect(res.body.doc.storyline.totalBytes).toBeGreaterThan(0)
    expect(Date.parse(res.body.doc.storyline.uploadedAt)).not.toBeNaN()

    // A student reads the activity and gets the URL the modal opens.
    const student = await actors.student((await actors.classroom(await actors.educator())).id)
    const read = await student.get(`/api/activities/${id}`)
    expect(read.status).toBe(200)
    expect(read.body.storylineUrl).toBe(storyUrl(id))

    // The spec's path on the product's origin forwards to the content origin.
    const onProduct = await fetch(server.base + storyUrl(id), { redirect: 'manual' })
    expect(onProduct.status).toBe(302)
    expect(onProduct.headers.get('location')).toBe(server.contentBase + storyUrl(id))

    const story = await fetchFile(storyUrl(id))
    expect(story.status).toBe(200)
    expect(story.text).toContain('first')
    expect(story.headers.get('content-type')).toMatch(/^text\/html/)
    // Only the product and the content origin itself (nested frames) may frame a package, and its
    // page reaches only the content origin and the product (docs/adr/no-third-parties-from-packages.md).
    const policy = directivesOf(story.headers.get('content-security-policy'))
    expect(policy['frame-ancestors']).toBe(`'self' ${server.base}`)
    expect(policy['connect-src']).toBe(`'self' ${server.base}`)
    expect(story.headers.get('x-content-type-options')).toBe('nosniff')
    expect(story.headers.get('access-control-allow-origin')).toBeNull()
    expect(story.headers.get('set-cookie')).toBeNull()
    expect(story.headers.get('cache-control')).toBe('no-cache')
    expect(story.headers.get('x-frame-options')).toBeNull() // framing is governed by frame-ancestors

    await expectOnlyLiveVersion(id)
    expect(await listTmp()).toEqual([])
  })

  it('serves each file with its content type, framing rules and fitting caching', async () => {
    const base = `/uploads/${id}/storyline`
    const js = await fetchFile(`${base}/story_content/user.js`)
    expect(js.status).toBe(200)
    expect(js.headers.get('content-type')).toMatch(/^(text|application)\/javascript/)
    expect(js.headers.get('cache-control')).toBe('no-cache')
    expect(js.headers.get('content-security-policy')).toContain('frame-ancestors')

    const png = await fetchFile(`${base}/story_content/slide.png`)
    expect(png.headers.get('content-type')).toBe('image/png')
    expect(png.headers.get('cache-control')).toBe('public, max-age=3600')

    const font = await fetchFile(`${base}/html5/lib/fonts/open.woff`)
    expect(font.headers.get('content-type')).toBe('font/woff')
    expect(font.headers.get('x-content-type-options')).toBe('nosniff')

    // an unknown extension is not guessed at (and nosniff stops the browser from guessing)
    const unknown = await fetchFile(`${base}/story_content/blob.qqq`)
    expect(unknown.headers.get('content-type')).toBe('application/octet-stream')

    // no-cache means revalidate: an unchanged file is a cheap 304 (sent raw: fetch would add
    // its own Cache-Control: no-cache to a conditional request)
    const story = await fetchFile(`${base}/story.html`)
    const etag = story.headers.get('etag')
    expect(etag).toBeTruthy()
    expect((await rawGet(`${base}/story.html`, { 'if-none-match': etag! })).status).toBe(304)

    // no directory listings, missing files are 404 without the cache header
    expect((await fetchFile(`${base}/`)).status).toBe(404)
    expect((await fetchFile(base)).status).toBe(404)
    const missing = await fetchFile(`${base}/nope.js`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBeNull()
  })

  it('is replaced completely by a new upload, which shows at once', async () => {
    const before = await fetchFile(storyUrl(id))
    const res = await upload(editor, id, await buildZip([{ name: 'story.html', data: '<html>second</html>' }]), 'v2.zip')
    expect(res.status).toBe(200)
    expect(res.body.doc.storyline).toMatchObject({ filename: 'v2.zip', fileCount: 1 })
    const after = await rawGet(storyUrl(id), { 'if-none-match': before.headers.get('etag')! })
    expect(after.status).toBe(200)
    // The new package's page, as every package page is served: with the storage shim first.
    expect(after.body).toBe(`<html>${storageShimTag}second</html>`)
    expect((await fetchFile(`/uploads/${id}/storyline/story_content/user.js`)).status).toBe(404)
    await expectOnlyLiveVersion(id)
  })

  it('accepts a Storyline 360 export (index.html) zipped inside one folder', async () => {
    const zip = await buildZip([
      { name: 'Quiz 360/', dir: true },
      { name: 'Quiz 360/index.html', data: '<html>three-sixty</html>' },
      { name: 'Quiz 360/index_lms.html', data: '<html>lms</html>' },
      { name: 'Quiz 360/lms/scormdriver.js', data: 'var driver' },
      { name: '__MACOSX/Quiz 360/._index.html', data: 'fork' },
    ])
    const res = await upload(editor, id, zip, 'Quiz 360.zip')
    expect(res.status).toBe(200)
    expect(res.body.doc.storyline.fileCount).toBe(4) // three files plus the story.html copy
    expect((await fetchFile(storyUrl(id))).text).toBe(`<html>${storageShimTag}three-sixty</html>`)
    expect((await fetchFile(`/uploads/${id}/storyline/lms/scormdriver.js`)).text).toBe('var driver')
  })

  it('keeps only the base name of the uploaded file as its label', async () => {
    for (const [sent, kept] of [
      ['../../etc/evil.zip', 'evil.zip'],
      ['C:\\Users\\ed\\Desktop\\quiz.zip', 'quiz.zip'],
    ]) {
      const res = await upload(editor, id, await goodPackage(), sent)
      expect(res.status).toBe(200)
      expect(res.body.doc.storyline.filename).toBe(kept)
      await expectOnlyLiveVersion(id)
    }
  })
})

/** A GET on the content origin answering the raw bytes (no decoding) and every header. */
const getBytes = (urlPath: string, headers: Record<string, string> = {}, base = server.contentBase) => getRawBytes(base, urlPath, headers)

describe('packages at network speed', () => {
  let id: number | string
  const script = `window.slides = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => ({ id: i, text: `Slide ${i} of the quiz` })))}`
  const page = (marker: string) => `<!doctype html><html><head><title>${marker}</title></head><body>${`<p>${marker}</p>`.repeat(100)}</body></html>`
  const clip = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => i % 251))
  const packageWith = (marker: string) =>
    buildZip([
      { name: 'story.html', data: page(marker) },
      { name: 'html5/data/js/data.js', data: script },
      { name: 'story_content/clip.mp4', data: clip, compress: false },
      { name: 'story_content/._clip.mp4', data: 'AppleDouble' },
      { name: '._story.html', data: 'AppleDouble' },
    ])
  const launchPath = async () => {
    const res = await editor.request('POST', `/api/activities/${id}/open`, {})
    expectOk(res)
    return new URL(res.body.launch.packageUrl).pathname
  }

  beforeAll(async () => {
    id = await createActivity()
    expectOk(await upload(editor, id, await packageWith('first')))
  })

  it('sends text files in the encoding the browser prefers, from copies made at upload', async () => {
    const base = `/uploads/${id}/storyline`
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip;q=1', 'gzip'],
      ['identity', undefined],
    ] as const) {
      const js = await getBytes(`${base}/html5/data/js/data.js`, { 'accept-encoding': accept })
      expect(js.status).toBe(200)
      expect(js.headers['content-encoding'], accept).toBe(encoding)
      expect(js.headers.vary).toMatch(/Accept-Encoding/i)
      expect(js.headers['content-type']).toMatch(/^(text|application)\/javascript/)
      expect(Number(js.headers['content-length'])).toBe(js.body.length)
      const decoded = encoding === 'br' ? zlib.brotliDecompressSync(js.body) : encoding === 'gzip' ? zlib.gunzipSync(js.body) : js.body
      expect(decoded.toString()).toBe(script)
      if (encoding) expect(js.body.length).toBeLessThan(script.length / 2)

      // A page is the same with the storage shim first, compressed or not.
      const story = await getBytes(`${base}/story.html`, { 'accept-encoding': accept })
      expect(story.headers['content-encoding'], accept).toBe(encoding)
      const html = encoding === 'br' ? zlib.brotliDecompressSync(story.body) : encoding === 'gzip' ? zlib.gunzipSync(story.body) : story.body
      expect(html.toString()).toBe(page('first').replace('<head>', `<head>${storageShimTag}`))
    }
  })

  it('launches at a versioned URL whose files are cached for a year (its pages revalidated), which a re-upload changes', async () => {
    const first = await launchPath()
    expect(first).toMatch(new RegExp(`^/uploads/${id}/storyline/v[0-9a-z]+/story\\.html$`))
    const versioned = await getBytes(first, { 'accept-encoding': 'br' })
    expect(versioned.status).toBe(200)
    // The page's policy names the hosts staff allow now (docs/adr/no-third-parties-from-packages.md).
    expect(versioned.headers['cache-control']).toBe('no-cache')
    expect(versioned.headers['content-encoding']).toBe('br')
    const data = await getBytes(first.replace('story.html', 'html5/data/js/data.js'))
    expect(data.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    // The spec's unversioned address is the live version, revalidated.
    expect((await getBytes(storyUrl(id))).headers['cache-control']).toBe('no-cache')

    expectOk(await upload(editor, id, await packageWith('second')))
    const second = await launchPath()
    expect(second).not.toBe(first)
    expect(zlib.brotliDecompressSync((await getBytes(second, { 'accept-encoding': 'br' })).body).toString()).toContain('second')
    // The earlier version is gone with its upload: a browser that cached it keeps its own copy.
    expect((await getBytes(first)).status).toBe(404)
    await expectOnlyLiveVersion(id)
  })

  it('answers a byte range of audio and video with 206', async () => {
    const clipPath = (await launchPath()).replace('story.html', 'story_content/clip.mp4')
    const part = await getBytes(clipPath, { range: 'bytes=1000-1999', 'accept-encoding': 'br, gzip' })
    expect(part.status).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 1000-1999/${clip.length}`)
    expect(part.headers['content-type']).toBe('video/mp4')
    expect(part.headers['content-encoding']).toBeUndefined()
    expect(part.body.equals(clip.subarray(1000, 2000))).toBe(true)
    const tail = await getBytes(`/uploads/${id}/storyline/story_content/clip.mp4`, { range: 'bytes=-100' })
    expect(tail.status).toBe(206)
    expect(tail.body.equals(clip.subarray(clip.length - 100))).toBe(true)
    expect((await getBytes(clipPath, { range: `bytes=${clip.length + 10}-` })).status).toBe(416)
  })

  it('neither unpacks nor serves macOS `._*` files, and keeps package versions off the product origin', async () => {
    const folder = path.join(uploadsDir, String(id))
    const version = (await readFile(path.join(folder, 'package'), 'utf8')).trim()
    const files = (await readdir(path.join(folder, version, 'files'), { recursive: true })) as string[]
    expect(files.filter((name) => path.basename(name).startsWith('._'))).toEqual([])
    for (const p of [
      `/uploads/${id}/storyline/._story.html`,
      `/uploads/${id}/storyline/story_content/._clip.mp4`,
      `/uploads/${id}/storyline/${version}/._story.html`,
    ]) {
      expect([403, 404], p).toContain((await getBytes(p)).status)
    }
    // Only the content origin serves a package; the product's origin has no address for its folders.
    for (const p of [`/uploads/${id}/${version}/files/story.html`, `/uploads/${id}/package`, `/uploads/${id}/${version}/br/story.html`]) {
      expect((await getBytes(p, {}, server.base)).status, p).toBe(404)
      expect((await getBytes(p)).status, p).toBe(404)
    }
  })
})

describe('a bad package is refused and the previous one keeps serving', () => {
  let id: number | string
  let otherId: number | string

  beforeAll(async () => {
    id = await createActivity()
    otherId = await createActivity()
    expectOk(await upload(editor, id, await goodPackage('the good one')))
    expectOk(await upload(editor, otherId, await goodPackage('a neighbour')))
  })

  const bad: [string, () => Promise<Buffer | string>, RegExp | string][] = [
    ['a ../ entry', () => zipWithName('../evil.txt', 'xx/evil.txt'), /unsafe path \("\.\.\/evil\.txt"\)/],
    ['a deep ../../../ entry', () => zipWithName('../../../../evil.txt', 'xx/xx/xx/xx/evil.txt'), /unsafe path/],
    ['an absolute path', () => zipWithName('/tmp/evil', 'xtmp/evil'), /unsafe path \("\/tmp\/evil"\)/],
    [
      'a symlink',
      () =>
        buildZip([
          { name: 'story.html', data: 'x' },
          { name: 'passwd.html', data: '/etc/passwd', mode: 0o120777 },
        ]),
      /symbolic link \("passwd\.html"\)/,
    ],
    [
      'a zip bomb declaring a huge file',
      async () =>
        patchEntry(
          await buildZip([
            { name: 'story.html', data: 'x' },
            { name: 'big.mp4', data: Buffer.alloc(4096, 1) },
          ]),
          'big.mp4',
          { uncompressedSize: 0xfffffff0 },
        ),
      /"big\.mp4" is too large \(4096 MB\); the limit is 1 MB per file\./,
    ],
    [
      'a package over the unpacked total (declared)',
      () => buildZip([{ name: 'story.html', data: 'x' }, ...['a', 'b', 'c'].map((n) => ({ name: `${n}.bin`, data: Buffer.alloc(0.9 * MB, 7) }))]),
      /too large when unpacked \(2\.7 MB\); the limit is 2 MB\./,
    ],
    [
      'a zip bomb whose actual size is over what its header says',
      async () =>
        patchEntry(
          await buildZip([
            { name: 'story.html', data: 'x' },
            { name: 'bomb.js', data: Buffer.alloc(3 * MB, 0x61) },
          ]),
          'bomb.js',
          { uncompressedSize: 100 },
        ),
      /"bomb\.js" in the package is larger than its header says/,
    ],
    [
      'too many entries',
      () => buildZip([{ name: 'story.html', data: 'x' }, ...Array.from({ length: 24 }, (_, i) => ({ name: `f${i}.js`, data: String(i) }))]),
      /too many files \(25\); the limit is 20\./,
    ],
    [
      'no story.html',
      () =>
        buildZip([
          { name: 'content/story.html', data: 'nested' },
          { name: 'readme.txt', data: 'hi' },
        ]),
      'The package has no story.html (or index.html) at its root.',
    ],
    ['a file that is not a zip', async () => 'just some plain text, not a zip archive\n', 'The file is not a valid .zip archive.'],
    ['a truncated zip', async () => (await goodPackage()).subarray(0, 200), 'The file is not a valid .zip archive.'],
  ]

  for (const [what, make, expected] of bad) {
    it(`refuses ${what}`, async () => {
      const before = await listAll()
      const story = await fetchFile(storyUrl(id))
      const script = await fetchFile(`/uploads/${id}/storyline/story_content/user.js`)
      const recorded = (await editor.get(`/api/activities/${id}`)).body.storyline

      const res = await upload(editor, id, await make(), 'bad.zip')
      expect(res.status).toBe(400)
      if (typeof expected === 'string') expect(message(res)).toBe(expected)
      else expect(message(res)).toMatch(expected)

      // nothing written anywhere: not outside the folder, no temp or old folder in it, no upload left in tmp
      expect(await listAll()).toEqual(before)
      expect(existsSync('/tmp/evil')).toBe(false)
      expect(existsSync(path.join(server.dir, 'evil.txt'))).toBe(false)
      expect(await listTmp()).toEqual([])
      // the previous package still serves the same bytes, and the record is unchanged
      const storyAfter = await fetchFile(storyUrl(id))
      expect(storyAfter.status).toBe(200)
      expect(storyAfter.text).toBe(story.text)
      expect((await fetchFile(`/uploads/${id}/storyline/story_content/user.js`)).text).toBe(script.text)
      expect((await editor.get(`/api/activities/${id}`)).body.storyline).toEqual(recorded)
      expect((await fetchFile(storyUrl(otherId))).text).toContain('a neighbour')
    })
  }

  it('refuses an upload larger than the limit with 413, streamed or declared', async () => {
    // limit: 2 MB unpacked + 20 entries × 1 KB of headers + 1 MB ≈ 3.02 MB
    for (const size of [3.5 * MB, 8 * MB]) {
      const before = await listAll()
      const res = await upload(editor, id, Buffer.alloc(size, 0x42), 'huge.zip')
      expect(res.status).toBe(413)
      expect(message(res)).toBe('The package is too large to upload; the limit is 3 MB.')
      expect(await listAll()).toEqual(before)
      expect(await listTmp()).toEqual([])
    }
    expect((await fetchFile(storyUrl(id))).text).toContain('the good one')
  })

  it('refuses a request for temporary folders and paths that climb out', async () => {
    const hidden = path.join(uploadsDir, String(id), '.storyline-tmp-abc123')
    await mkdir(hidden, { recursive: true })
    await writeFile(path.join(hidden, 'story.html'), 'half-unpacked')
    try {
      for (const p of [
        `/uploads/${id}/.storyline-tmp-abc123/story.html`,
        `/uploads/${id}/storyline/../.storyline-tmp-abc123/story.html`,
        `/uploads/${id}/storyline/../../../test.db`,
        `/uploads/${id}/storyline/%2e%2e/%2e%2e/%2e%2e/test.db`,
        `/uploads/${id}/storyline/..%2f..%2f..%2ftest.db`,
        `/uploads/..%2f..%2f..%2f..%2f..%2fetc/passwd`,
        `/uploads/${id}/storyline/%2e%2e%5c%2e%2e%5ctest.db`,
      ]) {
        const res = await rawGet(p)
        expect([403, 404], p).toContain(res.status)
        // The product's origin forwards package paths to the content origin, never serves them.
        const product = await rawGet(p, {}, server.base)
        expect([302, 403, 404], p).toContain(product.status)
        if (product.status === 302) expect(product.location?.startsWith(`${server.contentBase}/uploads/`), p).toBe(true)
        expect(product.body).not.toContain('half-unpacked')
        expect(res.body).not.toContain('half-unpacked')
        expect(res.body).not.toContain('root:')
      }
    } finally {
      await import('node:fs/promises').then((fs) => fs.rm(hidden, { recursive: true, force: true }))
    }
  })
})

describe('the files follow the activity', () => {
  let keep: number | string

  beforeEach(async () => {
    keep = await createActivity()
    expectOk(await upload(editor, keep, await goodPackage('keep me')))
  })

  it('DELETE /storyline removes the files and clears the record', async () => {
    const id = await createActivity()
    expectOk(await upload(editor, id, await goodPackage()))
    const res = await removePackage(editor, id)
    expect(res.status).toBe(200)
    expect(res.body.doc.storyline).toEqual({
      filename: null,
      fileCount: null,
      totalBytes: null,
      uploadedAt: null,
      standard: null,
      launchFile: null,
      xapiActivityId: null,
      masteryScore: null,
      cmi5: null,
    })
    expect(res.body.doc.storylineUrl).toBeNull()
    expect(existsSync(path.join(uploadsDir, String(id)))).toBe(false)
    expect((await fetchFile(storyUrl(id))).status).toBe(404)
    // removing again is harmless
    expect((await removePackage(editor, id)).status).toBe(200)
    expect((await fetchFile(storyUrl(keep))).text).toContain('keep me')
  })

  it('changing the type away from storyline removes the files and clears the record', async () => {
    const id = await createActivity()
    expectOk(await upload(editor, id, await goodPackage()))
    const titleOnly = await editor.patch(`/api/activities/${id}`, { title: 'Renamed' })
    expect(titleOnly.status).toBe(200)
    expect(titleOnly.body.doc.storylineUrl).toBe(storyUrl(id))
    expect((await fetchFile(storyUrl(id))).status).toBe(200)
    await expectOnlyLiveVersion(id)

    const res = await editor.put(`/api/activities/${id}`, { type: 'default' })
    expect(res.status).toBe(200)
    expect(res.body.doc.storyline.uploadedAt).toBeNull()
    expect(res.body.doc.storylineUrl).toBeNull()
    expect(existsSync(path.join(uploadsDir, String(id)))).toBe(false)

    // switching back shows no stale package
    const back = await editor.put(`/api/activities/${id}`, { type: 'storyline' })
    expect(back.body.doc.storylineUrl).toBeNull()
  })

  it('the storyline record cannot be written through the API', async () => {
    const id = await createActivity()
    const res = await editor.patch(`/api/activities/${id}`, { storyline: { filename: 'fake.zip', uploadedAt: new Date().toISOString() } })
    expect(res.status).toBe(200)
    expect(res.body.doc.storyline?.uploadedAt ?? null).toBeNull()
    expect(res.body.doc.storylineUrl).toBeNull()
  })

  it('deleting the activity deletes its folder, and only its folder', async () => {
    const id = await createActivity()
    expectOk(await upload(editor, id, await goodPackage()))
    const writerOnly = await editor.delete(`/api/activities/${id}`)
    expect(writerOnly.status).toBe(403)
    expect(existsSync(path.join(uploadsDir, String(id)))).toBe(true)

    const deleter = await actors.staff('activities:delete')
    const res = await deleter.delete(`/api/activities/${id}`)
    expect(res.status).toBe(200)
    expect(existsSync(path.join(uploadsDir, String(id)))).toBe(false)
    expect((await fetchFile(storyUrl(id))).status).toBe(404)
    expect((await fetchFile(storyUrl(keep))).text).toContain('keep me')
  })
})

describe('media uploads keep their own limit', () => {
  it('refuses a media file over 50 MB', async () => {
    const staff = await actors.staff('pages:write')
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(51 * MB)], { type: 'application/pdf' }), 'big.pdf')
    form.append('_payload', JSON.stringify({ alt: 'Too big' }))
    const res = await staff.request('POST', '/api/media', undefined, { raw: form })
    expect(res.status).toBe(413)
    expect(existsSync(path.join(uploadsDir, 'media', 'big.pdf'))).toBe(false)
  })
})

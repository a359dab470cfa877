import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  defaultStorylineLimits,
  installStorylinePackage,
  removeStorylinePackage,
  StorylinePackageError,
  storylineDir,
  storylineLimitsFromEnv,
  storylineVersion,
  type StorylineLimits,
} from './extract'
import { repairStorylinePackages } from './packageFolders'
import { withStorageShim } from '../content/packageHtml'
import { buildZip, patchEntry, recordFor, zipWithName } from '../../../tests/helpers/zips'

// ---------------------------------------------------------------------------
// Fixture: a temp root holding uploads/, a sibling activity and a file outside uploads

const ID = 42
const GOOD_STORY = '<html>good package</html>'
let root: string
let uploadsDir: string
let activityDir: string
let zipCounter = 0

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'storyline-test-'))
  uploadsDir = path.join(root, 'uploads')
  activityDir = path.join(uploadsDir, String(ID))
  await mkdir(path.join(uploadsDir, '7', 'storyline'), { recursive: true })
  await writeFile(path.join(uploadsDir, '7', 'storyline', 'story.html'), 'other activity')
  await writeFile(path.join(root, 'sentinel.txt'), 'outside uploads')
  await mkdir(path.join(root, 'zips'))
})

afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

async function writeZip(buf: Buffer | string, name = `upload-${++zipCounter}.zip`): Promise<string> {
  const p = path.join(root, 'zips', name)
  await writeFile(p, buf)
  return p
}

async function install(buf: Buffer | string, limits?: StorylineLimits) {
  return installStorylinePackage({ zipPath: await writeZip(buf), uploadsDir, activityId: ID, limits })
}

/** Every path under root except the zips and the activity folder under test. */
async function snapshotOutside(): Promise<string[]> {
  const all = (await readdir(root, { recursive: true })) as string[]
  return all
    .filter((p) => !p.startsWith('zips') && p !== path.join('uploads', String(ID)))
    .filter((p) => !p.startsWith(path.join('uploads', String(ID)) + path.sep))
    .sort()
}

/** The live package's files (the folder the pointer names). */
async function liveDir(): Promise<string> {
  const dir = await storylineDir(uploadsDir, ID)
  if (!dir) throw new Error('no live package')
  return dir
}

/** The activity folder holds the pointer and the version it names: no staging, earlier version or temp file. */
async function expectOnlyLive() {
  const version = await storylineVersion(uploadsDir, ID)
  expect(version).toMatch(/^v[0-9a-z]+$/)
  expect((await readdir(activityDir)).sort()).toEqual(['package', version].sort())
}

async function listTree(dir: string): Promise<string[]> {
  return ((await readdir(dir, { recursive: true })) as string[]).sort()
}

const goodFiles = [
  { name: 'story.html', data: GOOD_STORY },
  { name: 'story_content/user.js', data: 'var x = 1' },
  { name: 'html5/data/js/data.js', data: 'window.data = {}' },
]

async function installGood() {
  return install(await buildZip(goodFiles))
}

/**
 * Installs a good package, then the bad one, and checks the refusal left
 * everything as it was.
 */
async function expectRefused(bad: Buffer | string, message: RegExp, limits?: StorylineLimits) {
  await installGood()
  const goodTree = await listTree(await liveDir())
  const outsideBefore = await snapshotOutside()
  const evilBefore = existsSync('/tmp/evil')

  const err = await install(bad, limits).then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(StorylinePackageError)
  const pkgErr = err as StorylinePackageError
  expect(pkgErr.status).toBe(400)
  expect(pkgErr.message).toMatch(message)
  expect(pkgErr.message).toMatch(/\.$/) // a sentence for the editor

  // Nothing written outside the activity folder...
  expect(await snapshotOutside()).toEqual(outsideBefore)
  expect(existsSync('/tmp/evil')).toBe(evilBefore)
  // ...no temp/old folders or escaped files inside it...
  await expectOnlyLive()
  // ...and the previous package is still served, unchanged.
  expect(await listTree(await liveDir())).toEqual(goodTree)
  expect(await readFile(path.join(await liveDir(), 'story.html'), 'utf8')).toBe(GOOD_STORY)
}

const smallLimits = (over: Partial<StorylineLimits>): StorylineLimits => ({ ...defaultStorylineLimits, ...over })

// ---------------------------------------------------------------------------

describe('installStorylinePackage: valid packages', () => {
  it('installs a package with story.html at the root', async () => {
    const buf = await buildZip([
      ...goodFiles,
      { name: 'mobile/', dir: true },
      { name: 'story_content/run.sh', data: '#!/bin/sh', mode: 0o100777 }, // modes must not come from the zip
      { name: 'story_content/stored.txt', data: 'stored', compress: false },
    ])
    const result = await installStorylinePackage({
      zipPath: await writeZip(buf, 'My Quiz.zip'),
      uploadsDir,
      activityId: ID,
    })

    const dir = await liveDir()
    expect(dir).toBe(path.join(path.resolve(uploadsDir), '42', result.version, 'files'))
    expect(result.filename).toBe('My Quiz.zip')
    expect(result.launchFile).toBe('story.html')
    expect(result.fileCount).toBe(5)
    expect(result.totalBytes).toBe([GOOD_STORY, 'var x = 1', 'window.data = {}', '#!/bin/sh', 'stored'].reduce((n, s) => n + s.length, 0))
    expect(Number.isNaN(Date.parse(result.uploadedAt))).toBe(false)
    expect(new Date(result.uploadedAt).toISOString()).toBe(result.uploadedAt)

    expect(await readFile(path.join(dir, 'story.html'), 'utf8')).toBe(GOOD_STORY)
    expect(await readFile(path.join(dir, 'html5/data/js/data.js'), 'utf8')).toBe('window.data = {}')
    expect(await readFile(path.join(dir, 'story_content/stored.txt'), 'utf8')).toBe('stored')
    expect((await stat(path.join(dir, 'mobile'))).isDirectory()).toBe(true)
    await expectOnlyLive()

    const fileMode = (await stat(path.join(dir, 'story_content/run.sh'))).mode & 0o777
    expect(fileMode & 0o133).toBe(0) // no execute bits, not group/world writable
    expect(fileMode & 0o600).toBe(0o600)
    const dirMode = (await stat(path.join(dir, 'story_content'))).mode & 0o777
    expect(dirMode & 0o700).toBe(0o700)
    expect(dirMode & 0o022).toBe(0)
  })

  it('flattens a single top-level folder and skips __MACOSX', async () => {
    const buf = await buildZip([
      { name: 'MyQuiz/', dir: true },
      { name: 'MyQuiz/story.html', data: 'flattened' },
      { name: 'MyQuiz/story_content/a.js', data: 'a' },
      { name: '__MACOSX/MyQuiz/._story.html', data: 'resource fork' },
    ])
    const result = await install(buf)
    const dir = await liveDir()
    expect(await readFile(path.join(dir, 'story.html'), 'utf8')).toBe('flattened')
    expect(await listTree(dir)).toEqual(['story.html', 'story_content', path.join('story_content', 'a.js')])
    expect(result.fileCount).toBe(2)
  })

  it('does not flatten when files sit next to the folder', async () => {
    const buf = await buildZip([
      { name: 'story.html', data: 'root' },
      { name: 'MyQuiz/story.html', data: 'nested' },
    ])
    await install(buf)
    const dir = await liveDir()
    expect(await readFile(path.join(dir, 'story.html'), 'utf8')).toBe('root')
    expect(await readFile(path.join(dir, 'MyQuiz/story.html'), 'utf8')).toBe('nested')
  })

  it('copies index.html to story.html when there is no story.html', async () => {
    const buf = await buildZip([
      { name: 'Quiz360/index.html', data: '<html>360</html>' },
      { name: 'Quiz360/lib/main.js', data: 'main' },
    ])
    const result = await install(buf)
    const dir = await liveDir()
    expect(result.launchFile).toBe('story.html')
    expect(await readFile(path.join(dir, 'story.html'), 'utf8')).toBe('<html>360</html>')
    expect(await readFile(path.join(dir, 'index.html'), 'utf8')).toBe('<html>360</html>')
    expect(result.fileCount).toBe(3)
  })

  it('replaces a previous package completely and leaves no old/temp folders', async () => {
    await installGood()
    await install(await buildZip([{ name: 'story.html', data: 'v2' }]))
    const dir = await liveDir()
    expect(await readFile(path.join(dir, 'story.html'), 'utf8')).toBe('v2')
    expect(await listTree(dir)).toEqual(['story.html'])
    await expectOnlyLive()
    expect(await readFile(path.join(uploadsDir, '7', 'storyline', 'story.html'), 'utf8')).toBe('other activity')
  })

  it('serialises concurrent installs for the same activity', async () => {
    const [a, b] = await Promise.all([
      buildZip([
        { name: 'story.html', data: 'A' },
        { name: 'a.js', data: 'a' },
      ]),
      buildZip([
        { name: 'story.html', data: 'B' },
        { name: 'b.js', data: 'b' },
      ]),
    ])
    await Promise.all([install(a), install(b)])
    const tree = await listTree(await liveDir())
    expect([
      ['a.js', 'story.html'],
      ['b.js', 'story.html'],
    ]).toContainEqual(tree)
    await expectOnlyLive()
  })

  it('accepts simple string ids and refuses ids that are not a plain path segment', async () => {
    const buf = await buildZip(goodFiles)
    const zipPath = await writeZip(buf)
    await installStorylinePackage({ zipPath, uploadsDir, activityId: 'abc_1-2', filename: 'quiz.zip' })
    expect(await readFile(path.join((await storylineDir(uploadsDir, 'abc_1-2'))!, 'story.html'), 'utf8')).toBe(GOOD_STORY)

    const before = await snapshotOutside()
    for (const bad of [0, -1, 1.5, Number.NaN, '', '..', '../x', 'a/b', 'a b', '/abs']) {
      await expect(installStorylinePackage({ zipPath, uploadsDir, activityId: bad })).rejects.toThrow(/Invalid activity id/)
      await expect(storylineDir(uploadsDir, bad)).rejects.toThrow(/Invalid activity id/)
      await expect(removeStorylinePackage(uploadsDir, bad)).rejects.toThrow(/Invalid activity id/)
    }
    expect(await snapshotOutside()).toEqual(before)
  })
})

describe('installStorylinePackage: refused packages', () => {
  it('refuses a ../ entry', async () => {
    await expectRefused(await zipWithName('../evil.txt', 'xx/evil.txt'), /unsafe path \("\.\.\/evil\.txt"\)/)
  })

  it('refuses a deep ../../../ entry', async () => {
    await expectRefused(await zipWithName('../../../evil.txt', 'xx/xx/xx/evil.txt'), /unsafe path/)
  })

  it('refuses an absolute path', async () => {
    await expectRefused(await zipWithName('/tmp/evil', 'xtmp/evil'), /unsafe path \("\/tmp\/evil"\)/)
  })

  it('refuses backslashes, drive letters and NUL in names', async () => {
    await expectRefused(await zipWithName('..\\evil.txt', 'xx/evil.txt'), /unsafe path/)
    await expectRefused(await zipWithName('C:/evil.txt', 'xx/evil.txt'), /unsafe path/)
    await expectRefused(await zipWithName('evil\u0000.txt', 'evilX.txt'), /unsafe path/)
  })

  it('refuses a symlink entry', async () => {
    const buf = await buildZip([
      { name: 'story.html', data: 'x' },
      { name: 'passwd.html', data: '/etc/passwd', mode: 0o120777 },
    ])
    await expectRefused(buf, /symbolic link \("passwd\.html"\)/)
  })

  it('refuses device/fifo entries', async () => {
    const buf = await buildZip([
      { name: 'story.html', data: 'x' },
      { name: 'pipe', data: '', mode: 0o010644 },
    ])
    await expectRefused(buf, /not a regular file or folder/)
  })

  it('refuses encrypted entries', async () => {
    const buf = patchEntry(await buildZip([{ name: 'story.html', data: 'secret '.repeat(20) }]), 'story.html', {
      flagsOr: 0x1,
    })
    await expectRefused(buf, /encrypted/)
  })

  it('refuses too many entries before extracting', async () => {
    const buf = await buildZip([{ name: 'story.html', data: 'x' }, ...[1, 2, 3, 4].map((i) => ({ name: `f${i}.js`, data: String(i) }))])
    await expectRefused(buf, /too many files \(5\); the limit is 3/, smallLimits({ maxEntries: 3 }))
  })

  it('refuses an entry declared bigger than the per-file limit', async () => {
    const buf = await buildZip([
      { name: 'story.html', data: 'x' },
      { name: 'big.mp4', data: Buffer.alloc(4096) },
    ])
    await expectRefused(buf, /"big\.mp4" is too large/, smallLimits({ maxEntryBytes: 1000 }))
  })

  it('refuses a package whose declared total is bigger than the limit', async () => {
    const buf = await buildZip([
      { name: 'story.html', data: 'x' },
      { name: 'a.bin', data: Buffer.alloc(900) },
      { name: 'b.bin', data: Buffer.alloc(900) },
    ])
    await expectRefused(buf, /too large when unpacked/, smallLimits({ maxEntryBytes: 1000, maxTotalBytes: 1500 }))
  })

  it('refuses a deflated entry that is larger than its header says (lying header)', async () => {
    const buf = await buildZip([
      { name: 'story.html', data: 'x' },
      { name: 'bomb.js', data: Buffer.alloc(2 * 1024 * 1024, 0x61) },
    ])
    patchEntry(buf, 'bomb.js', { uncompressedSize: 100 })
    await expectRefused(buf, /"bomb\.js" in the package is larger than its header says/)
  })

  it('refuses a stored entry whose uncompressed size was patched down', async () => {
    const buf = await buildZip([
      { name: 'story.html', data: 'x' },
      { name: 'bomb.js', data: Buffer.alloc(64 * 1024, 0x61), compress: false },
    ])
    patchEntry(buf, 'bomb.js', { uncompressedSize: 100 })
    await expectRefused(buf, /damaged/)
  })

  it('refuses an entry with corrupt compressed data', async () => {
    const buf = await buildZip([
      { name: 'story.html', data: 'x' },
      { name: 'data.js', data: 'some text that compresses '.repeat(200) },
    ])
    const rec = recordFor(buf, 'data.js')
    const dataStart = rec.local + 30 + buf.readUInt16LE(rec.local + 26) + buf.readUInt16LE(rec.local + 28)
    buf.fill(0xff, dataStart, dataStart + 16)
    await expectRefused(buf, /"data\.js" in the package is damaged/)
  })

  it('refuses duplicate names and file/folder conflicts', async () => {
    await expectRefused(
      await buildZip([
        { name: 'story.html', data: 'x' },
        { name: 'story.html', data: 'y' },
      ]),
      /"story\.html" more than once/,
    )
    await expectRefused(
      await buildZip([
        { name: 'story.html', data: 'x' },
        { name: 'lib', data: 'file' },
        { name: 'lib/a.js', data: 'a' },
      ]),
      /"lib" both as a file and as a folder/,
    )
  })

  it('refuses a package with no story.html or index.html at its root', async () => {
    await expectRefused(
      await buildZip([
        { name: 'content/story.html', data: 'nested' },
        { name: 'readme.txt', data: 'hi' },
      ]),
      /^The package has no story\.html \(or index\.html\) at its root\.$/,
    )
  })

  it('refuses a file that is not a zip', async () => {
    await expectRefused('just some plain text, not a zip archive\n', /^The file is not a valid \.zip archive\.$/)
  })

  it('refuses a truncated zip', async () => {
    const buf = await buildZip(goodFiles)
    await expectRefused(buf.subarray(0, Math.floor(buf.length / 2)), /not a valid \.zip archive/)
  })

  it('leaves no activity folder behind when the first upload is refused', async () => {
    const before = await snapshotOutside()
    await expect(install('not a zip')).rejects.toBeInstanceOf(StorylinePackageError)
    await expect(install(await zipWithName('../evil.txt', 'xx/evil.txt'))).rejects.toThrow(/unsafe path/)
    // this one fails halfway through unpacking, after the folders were created
    const bomb = await buildZip([
      { name: 'story.html', data: 'x' },
      { name: 'bomb.js', data: Buffer.alloc(1024 * 1024, 0x61) },
    ])
    await expect(install(patchEntry(bomb, 'bomb.js', { uncompressedSize: 10 }))).rejects.toThrow(/header says/)
    expect(existsSync(activityDir)).toBe(false)
    expect(await snapshotOutside()).toEqual(before)
  })
})

describe('removeStorylinePackage', () => {
  it('removes the activity folder and tolerates a missing one', async () => {
    await installGood()
    expect(existsSync(activityDir)).toBe(true)
    await removeStorylinePackage(uploadsDir, ID)
    expect(existsSync(activityDir)).toBe(false)
    await removeStorylinePackage(uploadsDir, ID) // absent: no error
    await removeStorylinePackage(uploadsDir, 'never-installed')
    expect(await readFile(path.join(uploadsDir, '7', 'storyline', 'story.html'), 'utf8')).toBe('other activity')
    expect(await readFile(path.join(root, 'sentinel.txt'), 'utf8')).toBe('outside uploads')
  })
})

describe('storylineLimitsFromEnv', () => {
  it('uses the defaults and accepts positive overrides only', () => {
    const MB = 1024 * 1024
    expect(defaultStorylineLimits).toEqual({ maxEntries: 5000, maxEntryBytes: 200 * MB, maxTotalBytes: 500 * MB })
    expect(storylineLimitsFromEnv({})).toEqual(defaultStorylineLimits)
    expect(storylineLimitsFromEnv({ STORYLINE_MAX_ENTRIES: '10', STORYLINE_MAX_ENTRY_MB: '1', STORYLINE_MAX_TOTAL_MB: '2.5' })).toEqual({
      maxEntries: 10,
      maxEntryBytes: MB,
      maxTotalBytes: Math.floor(2.5 * MB),
    })
    expect(storylineLimitsFromEnv({ STORYLINE_MAX_ENTRIES: 'lots', STORYLINE_MAX_ENTRY_MB: '-1', STORYLINE_MAX_TOTAL_MB: '' })).toEqual(defaultStorylineLimits)
  })
})

describe('versions, compressed copies and repair at start', () => {
  it('does not unpack macOS `._*` files, wherever they are', async () => {
    const result = await install(await buildZip([...goodFiles, { name: '._story.html', data: 'fork' }, { name: 'story_content/._user.js', data: 'fork' }]))
    expect(await listTree(await liveDir())).toEqual([
      'html5',
      path.join('html5', 'data'),
      path.join('html5', 'data', 'js'),
      path.join('html5', 'data', 'js', 'data.js'),
      'story.html',
      'story_content',
      path.join('story_content', 'user.js'),
    ])
    expect(result.fileCount).toBe(3)
  })

  it('writes brotli and gzip copies of text files that decode to what is served, the HTML with the storage shim', async () => {
    const script = `var questions = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, text: `Question ${i}` })))}`
    const page = `<!doctype html><html><head><title>Quiz</title></head><body>${'<p>Welcome to the quiz.</p>'.repeat(80)}</body></html>`
    const result = await install(
      await buildZip([
        { name: 'story.html', data: page },
        { name: 'html5/data/js/data.js', data: script },
        { name: 'story_content/tiny.js', data: 'var x = 1' },
        { name: 'story_content/clip.mp4', data: Buffer.alloc(4096, 7) },
      ]),
    )
    const version = path.join(activityDir, result.version)
    expect(zlib.brotliDecompressSync(await readFile(path.join(version, 'br', 'html5/data/js/data.js'))).toString()).toBe(script)
    expect(zlib.gunzipSync(await readFile(path.join(version, 'gz', 'html5/data/js/data.js'))).toString()).toBe(script)
    expect(zlib.brotliDecompressSync(await readFile(path.join(version, 'br', 'story.html'))).toString()).toBe(withStorageShim(Buffer.from(page)).toString())
    // Too small to gain, or not text: served as they are.
    expect(existsSync(path.join(version, 'br', 'story_content/tiny.js'))).toBe(false)
    expect(existsSync(path.join(version, 'br', 'story_content/clip.mp4'))).toBe(false)
  })

  it('gives every upload a new version, so its URLs change', async () => {
    const first = await installGood()
    const second = await installGood()
    expect(second.version).not.toBe(first.version)
    expect(await storylineVersion(uploadsDir, ID)).toBe(second.version)
    await expectOnlyLive()
  })

  it('removes what a crash left and keeps the live version', async () => {
    const live = await installGood()
    // A crash mid-unpack, one after the version was renamed but before the pointer moved, one mid-pointer write.
    await mkdir(path.join(activityDir, '.staging-abc123', 'files'), { recursive: true })
    await mkdir(path.join(activityDir, 'vzzzzzzzzzz', 'files'), { recursive: true })
    await writeFile(path.join(activityDir, '.package-0a1b2c'), 'vzzz')
    const tmp = path.join(root, 'tmp')
    await mkdir(path.join(tmp, 'storyline-xyz'), { recursive: true })
    await writeFile(path.join(tmp, 'storyline-xyz', 'upload.zip'), 'partial')
    await writeFile(path.join(tmp, 'unrelated.txt'), 'kept')

    await repairStorylinePackages(uploadsDir, tmp)
    await expectOnlyLive()
    expect(await storylineVersion(uploadsDir, ID)).toBe(live.version)
    expect(await readFile(path.join(await liveDir(), 'story.html'), 'utf8')).toBe(GOOD_STORY)
    expect(await readdir(tmp)).toEqual(['unrelated.txt'])
    // A package from before versions is left serving.
    expect(await readFile(path.join(uploadsDir, '7', 'storyline', 'story.html'), 'utf8')).toBe('other activity')
  })

  it('removes a version no pointer names, and puts back the package the unversioned installer had moved aside', async () => {
    await mkdir(path.join(activityDir, 'vabcdefghij', 'files'), { recursive: true })
    const legacy = path.join(uploadsDir, '7')
    await rm(path.join(legacy, 'storyline'), { recursive: true })
    await mkdir(path.join(legacy, '.storyline-old-0123456789ab'))
    await writeFile(path.join(legacy, '.storyline-old-0123456789ab', 'story.html'), 'previous package')
    await mkdir(path.join(legacy, '.storyline-tmp-abcdef'))

    await repairStorylinePackages(uploadsDir, path.join(root, 'no-tmp'))
    expect(await readdir(activityDir)).toEqual([])
    expect(await readdir(legacy)).toEqual(['storyline'])
    expect(await readFile(path.join(legacy, 'storyline', 'story.html'), 'utf8')).toBe('previous package')
  })
})

describe('repair when the pointer names no folder', () => {
  it('makes the newest whole version live', async () => {
    const older = await installGood()
    await install(await buildZip([{ name: 'story.html', data: 'newer' }]))
    // A restored copy: the pointer came from before the last upload, the folder it names is gone.
    await writeFile(path.join(activityDir, 'package'), `${older.version}\n`)
    await mkdir(path.join(activityDir, '.staging-x'))
    await repairStorylinePackages(uploadsDir, path.join(root, 'no-tmp'))
    expect(await readFile(path.join(await liveDir(), 'story.html'), 'utf8')).toBe('newer')
    await expectOnlyLive()
  })
})

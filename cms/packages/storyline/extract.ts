/**
 * Safe installer for Articulate Storyline packages (.zip uploads).
 *
 * The archive comes from an editor's upload and its contents are served to
 * children, so the archive is treated as hostile: every entry is checked
 * (paths, types, sizes, encryption) before a single byte is written, bytes
 * are counted again while streaming (headers can lie), everything is
 * unpacked into a staging folder next to the live one, its text files are
 * compressed, and only a fully successful unpack becomes a new version that
 * one pointer write makes live.
 *
 * Where versions are kept (UPLOADS_DIR or the bucket): packageStore.ts.
 */
import { constants as fsConstants, createWriteStream } from 'node:fs'
import { chmod, copyFile, lstat, mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Transform, type TransformCallback } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import yauzl, { type Entry, type ZipFile } from 'yauzl'

import type { Cmi5Unit } from '../cmi5/courseStructure'
import { detectLaunch, type Standard } from './launch'
import { inTurn } from '../../database/advisoryLock'
import { checkedActivityId, newVersion, readPointer, versionFiles } from './packageFolders'
import { type PackageStore, storylineStore } from './packageStore'
import { precompress } from './precompress'

export interface StorylineLimits {
  maxEntries: number
  maxEntryBytes: number
  maxTotalBytes: number
}

const MB = 1024 * 1024

export const defaultStorylineLimits: StorylineLimits = Object.freeze({
  maxEntries: 5000,
  maxEntryBytes: 200 * MB,
  maxTotalBytes: 500 * MB,
})

/** Defaults, overridden by STORYLINE_MAX_ENTRIES / _ENTRY_MB / _TOTAL_MB when they hold a positive number. */
export function storylineLimitsFromEnv(env: Record<string, string | undefined> = process.env): StorylineLimits {
  // An unparsable value falls back to the default rather than to "no limit".
  const positive = (raw: string | undefined): number | undefined => {
    const n = raw === undefined || raw.trim() === '' ? NaN : Number(raw)
    return Number.isFinite(n) && n > 0 ? n : undefined
  }
  const entries = positive(env.STORYLINE_MAX_ENTRIES)
  const entryMb = positive(env.STORYLINE_MAX_ENTRY_MB)
  const totalMb = positive(env.STORYLINE_MAX_TOTAL_MB)
  return {
    maxEntries: entries !== undefined ? Math.floor(entries) : defaultStorylineLimits.maxEntries,
    maxEntryBytes: entryMb !== undefined ? Math.floor(entryMb * MB) : defaultStorylineLimits.maxEntryBytes,
    maxTotalBytes: totalMb !== undefined ? Math.floor(totalMb * MB) : defaultStorylineLimits.maxTotalBytes,
  }
}

/** Something is wrong with the uploaded package itself; the message is meant for the editor. */
export class StorylinePackageError extends Error {
  status = 400
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'StorylinePackageError'
  }
}

export interface InstalledPackage {
  filename: string
  fileCount: number
  totalBytes: number
  /** The file a student's launch opens (relative to the package root, may carry `?parameters`). */
  launchFile: string
  /** What the launch file reports through: SCORM 1.2, SCORM 2004, xAPI, or nothing (Web publish). */
  standard: Standard
  /** xAPI: the course's activity id (tincan.xml). */
  xapiActivityId: string | null
  /** SCORM 1.2: the manifest's mastery score (0–100). */
  masteryScore: number | null
  /** cmi5: the AU's launch data (cmi5.xml). */
  cmi5: Cmi5Unit | null
  /** Things the editor should know (a manifest naming a missing file, say); the package installed. */
  warnings: string[]
  uploadedAt: string
  /** The version folder now live: package URLs carry it, so a re-upload changes them. */
  version: string
}

const LAUNCH_FILE = 'story.html'
const FALLBACK_LAUNCH_FILE = 'index.html' // newer Storyline 360 exports
const MANIFEST = 'imsmanifest.xml'
const TINCAN = 'tincan.xml'
const CMI5 = 'cmi5.xml'
const NO_LAUNCH_FILE = 'The package has no story.html (or index.html) at its root.'
const FILE_MODE = 0o644
const DIR_MODE = 0o755

// Unix file type bits stored in the high 16 bits of the external attributes.
const S_IFMT = 0o170000
const S_IFREG = 0o100000
const S_IFDIR = 0o040000
const S_IFLNK = 0o120000

/** On disk, the folder the live package's files are in (null when no package is installed in versions). */
export async function storylineDir(uploadsDir: string, activityId: string | number): Promise<string | null> {
  const activityDir = path.join(path.resolve(uploadsDir), checkedActivityId(activityId))
  const version = await readPointer(activityDir)
  return version ? versionFiles(activityDir, version) : null
}

/** The live package's version, which its URLs carry; null without one. */
export async function storylineVersion(uploadsDir: string, activityId: string | number): Promise<string | null> {
  return storylineStore(uploadsDir).liveVersion(checkedActivityId(activityId))
}

export async function removeStorylinePackage(uploadsDir: string, activityId: string | number): Promise<void> {
  const id = checkedActivityId(activityId)
  await inTurn(uploadTurn(id), () => storylineStore(uploadsDir).removePackage(id))
}

/** Changes to one activity's package take turns, across instances on PostgreSQL: two uploads must not interleave their switches. */
const uploadTurn = (activityId: string) => `storyline-package:${activityId}`

export async function installStorylinePackage(opts: {
  zipPath: string
  uploadsDir: string
  activityId: string | number
  filename?: string
  limits?: StorylineLimits
}): Promise<InstalledPackage> {
  const activityId = checkedActivityId(opts.activityId)
  const store = storylineStore(opts.uploadsDir)
  const limits = opts.limits ?? storylineLimitsFromEnv()
  const filename = opts.filename ?? path.basename(opts.zipPath)
  return inTurn(uploadTurn(activityId), async () => {
    const zip = await openZip(opts.zipPath)
    try {
      const plan = await planExtraction(zip, limits)
      const result = await extractAndSwap(zip, plan, store, activityId, limits)
      return { filename, uploadedAt: new Date().toISOString(), ...result }
    } finally {
      zip.close()
    }
  })
}

// ---------------------------------------------------------------------------

interface PlannedFile {
  entry: Entry
  relPath: string
}
interface Plan {
  dirs: string[]
  files: PlannedFile[]
  /** index.html must be copied to story.html after unpacking */
  copyIndexToStory: boolean
  /** Neither story.html nor index.html: story.html will forward to the tracked launch file. */
  needsStoryStub: boolean
}

async function openZip(zipPath: string): Promise<ZipFile> {
  try {
    return await yauzl.openPromise(zipPath, {
      lazyEntries: true,
      autoClose: false, // entries are read twice (plan, then extract); we close it ourselves
      decodeStrings: true, // required: yauzl only validates entry names when it decodes them
      validateEntrySizes: true,
      strictFileNames: true, // reject backslashes instead of silently turning them into '/'
    })
  } catch (err) {
    if (isSystemError(err)) throw err // e.g. the upload's temp file is missing: a server problem
    throw new StorylinePackageError('The file is not a valid .zip archive.', { cause: err })
  }
}

/** Reads the central directory and refuses the whole package before anything is written. */
async function planExtraction(zip: ZipFile, limits: StorylineLimits): Promise<Plan> {
  if (zip.entryCount > limits.maxEntries) {
    throw new StorylinePackageError(`The package has too many files (${zip.entryCount}); the limit is ${limits.maxEntries}.`)
  }

  const entries: Entry[] = []
  try {
    for await (const entry of zip.eachEntry()) {
      checkEntry(entry, limits)
      entries.push(entry)
    }
  } catch (err) {
    throw translateReadError(err)
  }
  // The count in the end record could lie; what we actually read is what matters.
  if (entries.length > limits.maxEntries) {
    throw new StorylinePackageError(`The package has too many files (${entries.length}); the limit is ${limits.maxEntries}.`)
  }

  // Mac archivers add resource forks under __MACOSX/ and beside each file as `._name`; they were
  // validated above but are not content.
  const content = entries.filter((e) => e.fileName.split('/')[0] !== '__MACOSX' && !e.fileName.split('/').some((s) => s.startsWith('._')))

  // "MyQuiz/story.html": an archive of the export folder rather than of its contents.
  const first = content[0]?.fileName.split('/')[0]
  const singleTopFolder =
    first !== undefined &&
    content.every((e) => {
      const segments = e.fileName.split('/')
      return segments[0] === first && segments.length > 1
    })

  const prefix = singleTopFolder ? `${first}/` : ''

  const dirs = new Set<string>()
  const files = new Map<string, PlannedFile>()
  let declaredTotal = 0
  for (const entry of content) {
    const rel = entry.fileName.slice(prefix.length).replace(/\/$/, '')
    if (rel === '') continue // the flattened folder itself
    if (isDirectoryEntry(entry)) {
      dirs.add(rel)
      continue
    }
    if (files.has(rel)) throw new StorylinePackageError(`The package contains ${quote(rel)} more than once.`)
    files.set(rel, { entry, relPath: rel })
    declaredTotal += entry.uncompressedSize
  }

  if (declaredTotal > limits.maxTotalBytes) {
    throw new StorylinePackageError(`The package is too large when unpacked (${formatSize(declaredTotal)}); the limit is ${formatSize(limits.maxTotalBytes)}.`)
  }

  // A name used both as a file and as a folder would fail halfway through unpacking.
  for (const rel of files.keys()) {
    for (let p = path.posix.dirname(rel); p !== '.'; p = path.posix.dirname(p)) {
      if (files.has(p)) throw new StorylinePackageError(`The package contains ${quote(p)} both as a file and as a folder.`)
      dirs.add(p)
    }
    if (dirs.has(rel)) throw new StorylinePackageError(`The package contains ${quote(rel)} both as a file and as a folder.`)
  }

  const hasStory = files.has(LAUNCH_FILE)
  const hasIndex = files.has(FALLBACK_LAUNCH_FILE)
  // An LMS-only publish may have just the manifest's launch file; whether it names one is known
  // once the manifest is unpacked (extractAndSwap).
  const hasManifest = files.has(MANIFEST) || files.has(TINCAN) || files.has(CMI5)
  if (!hasStory && !hasIndex && !hasManifest) {
    throw new StorylinePackageError(NO_LAUNCH_FILE)
  }
  return { dirs: [...dirs], files: [...files.values()], copyIndexToStory: !hasStory && hasIndex, needsStoryStub: !hasStory && !hasIndex }
}

/** Per-entry checks that need only the central directory record. */
function checkEntry(entry: Entry, limits: StorylineLimits): void {
  const name = entry.fileName
  // yauzl already refuses absolute paths, '..' and backslashes; this repeats it so
  // safety does not depend on one library's defaults, and adds what it does not check.
  const segments = name.replace(/\/$/, '').split('/')
  if (
    name === '' ||
    name.startsWith('/') ||
    /^[A-Za-z]:/.test(name) ||
    name.includes('\\') ||
    /[\u0000-\u001f\u007f]/.test(name) || // NUL and other control characters
    segments.some((s) => s === '' || s === '.' || s === '..')
  ) {
    throw unsafePath(name)
  }

  const type = (entry.externalFileAttributes >>> 16) & S_IFMT
  if (type === S_IFLNK) {
    throw new StorylinePackageError(`The package contains a symbolic link (${quote(name)}), which is not allowed.`)
  }
  // 0 means "no Unix type recorded" (archives made on Windows): judged by the name instead.
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
    throw new StorylinePackageError(`The package contains ${quote(name)}, which is not a regular file or folder.`)
  }
  if (entry.isEncrypted()) {
    throw new StorylinePackageError(`The package contains an encrypted file (${quote(name)}); export it again without a password.`)
  }
  if (isDirectoryEntry(entry)) return

  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    throw new StorylinePackageError(`The package uses an unsupported compression method for ${quote(name)}.`)
  }
  if (entry.uncompressedSize > limits.maxEntryBytes) {
    throw new StorylinePackageError(
      `The file ${quote(name)} is too large (${formatSize(entry.uncompressedSize)}); the limit is ${formatSize(limits.maxEntryBytes)} per file.`,
    )
  }
}

function isDirectoryEntry(entry: Entry): boolean {
  return entry.fileName.endsWith('/') || ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFDIR
}

async function extractAndSwap(
  zip: ZipFile,
  plan: Plan,
  store: PackageStore,
  activityId: string,
  limits: StorylineLimits,
): Promise<Omit<InstalledPackage, 'filename' | 'uploadedAt'>> {
  const stagingDir = await store.stagingFolder(activityId)
  const tmpDir = path.join(stagingDir, 'files')
  let version: string | null = null
  try {
    await mkdir(tmpDir, { mode: DIR_MODE })
    const budget = { remaining: limits.maxTotalBytes }
    let totalBytes = 0

    for (const dir of plan.dirs) await mkdir(insideTmp(tmpDir, dir), { recursive: true, mode: DIR_MODE })
    for (const file of plan.files) {
      totalBytes += await extractFile(zip, file, insideTmp(tmpDir, file.relPath), budget)
      crashDrill('unpacking')
    }
    let fileCount = plan.files.length

    const names = new Set(plan.files.map((f) => f.relPath))
    const launch = await detectLaunch(
      names,
      async (name) => {
        if (!names.has(name)) return null
        const file = insideTmp(tmpDir, name)
        // A manifest is a few KB; anything past 5 MB is not one worth parsing.
        return (await lstat(file)).size > 5 * MB ? '' : readFile(file, 'utf8')
      },
      plan.needsStoryStub ? null : LAUNCH_FILE,
    )
    if (!launch)
      throw new StorylinePackageError(`${NO_LAUNCH_FILE} Its imsmanifest.xml, cmi5.xml (of one AU) or tincan.xml names no launch file the package has.`)

    if (plan.copyIndexToStory || plan.needsStoryStub) {
      // The spec's URL is always .../storyline/story.html.
      const story = insideTmp(tmpDir, LAUNCH_FILE)
      if (plan.copyIndexToStory) await copyFile(insideTmp(tmpDir, FALLBACK_LAUNCH_FILE), story, fsConstants.COPYFILE_EXCL)
      else await writeFile(story, storyStub(launch.launchFile), { flag: 'wx' })
      await chmod(story, FILE_MODE)
      fileCount += 1
      totalBytes += (await lstat(story)).size
    }

    const served = plan.files.map((f) => f.relPath)
    if (plan.copyIndexToStory || plan.needsStoryStub) served.push(LAUNCH_FILE)
    await precompress(tmpDir, served, path.join(stagingDir, 'br'), path.join(stagingDir, 'gz'))

    version = newVersion()
    await store.storeVersion(activityId, stagingDir, version)
    crashDrill('version-renamed')
    // The one step that makes the new package live; everything before it left the old one playing.
    await store.makeLive(activityId, version)
    crashDrill('pointer-written')
    // Earlier versions and the unversioned folder; what a failure here leaves, the next start removes.
    await store.removeAllBut(activityId, version).catch(() => {})
    return {
      version,
      fileCount,
      totalBytes,
      launchFile: launch.launchFile,
      standard: launch.standard,
      xapiActivityId: launch.xapiActivityId ?? null,
      masteryScore: launch.masteryScore ?? null,
      cmi5: launch.cmi5 ?? null,
      warnings: launch.warnings,
    }
  } catch (err) {
    // A pointer that cannot be read may name this version already: it is then left for the next start to judge.
    const live = await store.liveVersion(activityId).catch(() => version)
    await store.discard(activityId, stagingDir, version && live !== version ? version : null).catch(() => {})
    throw err
  }
}

/**
 * The crash drills (tests/instances/package-crash.instances.ts) kill the process at a named step of
 * an install, as a power cut or `kill -9` would, to prove the next start repairs what is left.
 * Nothing happens unless STORYLINE_CRASH_DRILL names the step.
 */
function crashDrill(step: 'unpacking' | 'version-renamed' | 'pointer-written'): void {
  if (process.env.STORYLINE_CRASH_DRILL === step) process.kill(process.pid, 'SIGKILL')
}

/** story.html for an LMS-only publish: forwards to the tracked launch file (a relative URL). */
function storyStub(launchFile: string): string {
  const href =
    launchFile.split('?')[0].split('/').map(encodeURIComponent).join('/') + (launchFile.includes('?') ? `?${launchFile.split('?').slice(1).join('?')}` : '')
  const attr = href.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Loading</title><meta http-equiv="refresh" content="0; url=${attr}"></head>\n<body><p><a href="${attr}">Open the course</a></p></body></html>\n`
}

/** Resolves an archive path under tmpDir, refusing anything that would land outside it. */
function insideTmp(tmpDir: string, rel: string): string {
  const target = path.resolve(tmpDir, rel)
  if (!target.startsWith(tmpDir + path.sep)) throw unsafePath(rel)
  return target
}

async function extractFile(zip: ZipFile, file: PlannedFile, target: string, budget: { remaining: number }): Promise<number> {
  const { entry, relPath } = file
  await mkdir(path.dirname(target), { recursive: true, mode: DIR_MODE })
  let written = 0
  // Counts real bytes: yauzl checks declared sizes too, but safety should not rest on one check.
  const counter = new Transform({
    transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
      written += chunk.length
      budget.remaining -= chunk.length
      if (written > entry.uncompressedSize) return done(lyingHeader(relPath))
      if (budget.remaining < 0) {
        return done(new StorylinePackageError('The package is too large when unpacked; it goes over the size limit.'))
      }
      done(null, chunk)
    },
    flush(done: TransformCallback) {
      done(written === entry.uncompressedSize ? null : damaged(relPath))
    },
  })
  try {
    const source = await zip.openReadStreamPromise(entry)
    // 'wx': never reuse or follow anything already at the target path; mode never comes from the zip.
    await pipeline(source, counter, createWriteStream(target, { flags: 'wx', mode: FILE_MODE }))
  } catch (err) {
    if (err instanceof StorylinePackageError || isSystemError(err)) throw err
    // Whatever else failed came from reading the archive (yauzl, zlib).
    if (err instanceof Error && /too many bytes/.test(err.message)) throw lyingHeader(relPath, err)
    throw damaged(relPath, err)
  }
  return written
}

// ---------------------------------------------------------------------------

/** Node system errors (disk full, permissions) are server problems, not a bad package. */
function isSystemError(err: unknown): boolean {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).syscall === 'string'
}

/** Turns yauzl's errors while listing entries into a sentence for the editor. */
function translateReadError(err: unknown): Error {
  if (err instanceof StorylinePackageError || isSystemError(err)) return err as Error
  const message = err instanceof Error ? err.message : String(err)
  const badName = /^(?:absolute path|invalid relative path|invalid characters in fileName): ([\s\S]*)$/.exec(message)
  if (badName) return unsafePath(badName[1], err)
  if (/encryption/.test(message)) {
    return new StorylinePackageError('The package contains an encrypted file; export it again without a password.', {
      cause: err,
    })
  }
  return new StorylinePackageError('The .zip archive is damaged and cannot be read.', { cause: err })
}

function unsafePath(name: string, cause?: unknown): StorylinePackageError {
  return new StorylinePackageError(`The package contains a file with an unsafe path (${quote(name)}); files must stay inside the package folder.`, { cause })
}

function lyingHeader(name: string, cause?: unknown): StorylinePackageError {
  return new StorylinePackageError(`The file ${quote(name)} in the package is larger than its header says; the package is damaged or has been tampered with.`, {
    cause,
  })
}

function damaged(name: string, cause?: unknown): StorylinePackageError {
  return new StorylinePackageError(`The file ${quote(name)} in the package is damaged and cannot be unpacked.`, {
    cause,
  })
}

/** Quotes an archive name for a message: escaped, and short enough to show in the admin UI. */
function quote(name: string): string {
  const shown = name.length > 120 ? `${name.slice(0, 117)}...` : name
  return JSON.stringify(shown)
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`
  return `${Math.round((bytes / MB) * 10) / 10} MB`
}

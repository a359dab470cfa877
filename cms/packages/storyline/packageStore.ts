/**
 * Where Storyline packages are kept: one interface, two places, chosen from the environment the
 * process started with. Without `S3_BUCKET`, folders under `UPLOADS_DIR` (packageFolders.ts); with
 * it, objects under `storyline/` in the bucket (packageBucket.ts), so every instance serves every
 * package without a shared volume. The installer (extract.ts) and the content origin
 * (cms/packages/content/packageFiles.ts) do the same steps against either. See
 * docs/adr/storyline-packages-in-the-bucket.md.
 */
import { chmod, lstat, mkdir, mkdtemp, readFile, rename, rm, rmdir, stat } from 'node:fs/promises'
import path from 'node:path'

import type { NextFunction, Request, Response } from 'express'

import { objectStorageSettings } from '../../database/fileStorage'
import { bucketPackageStore } from './packageBucket'
import {
  checkedActivityId,
  encodedFolder,
  LEGACY_FOLDER,
  readPointer,
  removeAllBut,
  repairStorylinePackages,
  STAGING_PREFIX,
  versionFiles,
  writePointer,
} from './packageFolders'

/** A version's three parts: the files as uploaded, and their brotli and gzip copies. */
export type PackageArea = 'files' | 'br' | 'gzip'

/** One stored file: of a version, or (on disk, `version` null) of a package installed before versions. */
export interface PackageFileAt {
  activityId: string
  version: string | null
  area: PackageArea
  /** Its path inside the package, `/`-separated; every segment already checked by the caller. */
  path: string
}

export interface SendOptions {
  /** Whether a `Range` request gets its bytes (not for compressed copies: a range of those means nothing to the client). */
  ranges: boolean
  /** The copy's encoding, sent as `Content-Encoding`; the type stays the original file's. */
  encoding?: 'br' | 'gzip'
  /** The answer's type, from the original file's name. */
  typeOf: string
  /** Called just before the answer starts: headers that only a found file gets. */
  prepare: () => void
}

export interface PackageStore {
  /** An empty folder to unpack an upload into (its `files/`, `br/` and `gz/` go inside); never served. */
  stagingFolder(activityId: string): Promise<string>
  /** Keeps the unpacked staging folder as `version`, not yet live; the staging folder is gone after. */
  storeVersion(activityId: string, stagingDir: string, version: string): Promise<void>
  /** The one step that makes `version` live: before it the previous package plays, after it this one. */
  makeLive(activityId: string, version: string): Promise<void>
  liveVersion(activityId: string): Promise<string | null>
  /** Whether `version` is stored (its URLs are served as immutable). */
  hasVersion(activityId: string, version: string): Promise<boolean>
  /** Everything of the activity but the live version: earlier versions, leftovers. */
  removeAllBut(activityId: string, live: string): Promise<void>
  /** What a failed upload stored, and its staging folder; `version` null when it stored nothing yet. */
  discard(activityId: string, stagingDir: string, version: string | null): Promise<void>
  /** The whole package; the pointer goes first, so nothing plays half-removed. */
  removePackage(activityId: string): Promise<void>
  /** At start: what crashed uploads left. Returns what it removed. */
  repair(uploadTmpDir: string): Promise<string[]>
  /** A whole file (HTML pages: small, and rewritten before they are sent); null when there is none. */
  read(at: PackageFileAt): Promise<Buffer | null>
  /** Sends a file as the answer (type, validators, 304, ranges); false, with nothing sent, when there is none. */
  send(req: Request, res: Response, next: NextFunction, at: PackageFileAt, options: SendOptions): Promise<boolean>
}

const isFile = (file: string) =>
  stat(file).then(
    (s) => s.isFile(),
    () => false,
  )
const isDir = (file: string) =>
  stat(file).then(
    (s) => s.isDirectory(),
    () => false,
  )

export const diskPackageStore = (uploadsDir: string): PackageStore => {
  const root = path.resolve(uploadsDir)
  const activityDir = (activityId: string) => path.join(root, checkedActivityId(activityId))
  /** The file's path, or null when the name would leave its folder. */
  const fileOf = (at: PackageFileAt): string | null => {
    const dir = activityDir(at.activityId)
    const base = at.version
      ? at.area === 'files'
        ? versionFiles(dir, at.version)
        : encodedFolder(dir, at.version, at.area)
      : at.area === 'files'
        ? path.join(dir, LEGACY_FOLDER)
        : null
    if (!base) return null
    const file = path.resolve(base, at.path)
    return file.startsWith(base + path.sep) ? file : null
  }
  return {
    async stagingFolder(activityId) {
      const dir = activityDir(activityId)
      await mkdir(dir, { recursive: true, mode: 0o755 })
      // If uploads/<id> were a planted symlink, "inside the activity folder" would mean somewhere else.
      const st = await lstat(dir)
      if (!st.isDirectory() || st.isSymbolicLink()) throw new Error(`${dir} is not a plain directory`)
      // Same file system as the live version, so making it a version is one cheap rename.
      const staging = await mkdtemp(path.join(dir, STAGING_PREFIX))
      await chmod(staging, 0o755) // mkdtemp creates 0700
      return staging
    },
    async storeVersion(activityId, stagingDir, version) {
      await rename(stagingDir, path.join(activityDir(activityId), version))
    },
    makeLive: (activityId, version) => writePointer(activityDir(activityId), version),
    liveVersion: (activityId) => readPointer(activityDir(activityId)),
    hasVersion: (activityId, version) => isDir(versionFiles(activityDir(activityId), version)),
    removeAllBut: (activityId, live) => removeAllBut(activityDir(activityId), live),
    async discard(activityId, stagingDir, version) {
      const dir = activityDir(activityId)
      await rm(stagingDir, { recursive: true, force: true })
      if (version) await rm(path.join(dir, version), { recursive: true, force: true })
      // Do not leave an empty uploads/<id>/ behind for a package that never installed.
      await rmdir(dir).catch(() => {})
    },
    removePackage: (activityId) => rm(activityDir(activityId), { recursive: true, force: true }),
    repair: (uploadTmpDir) => repairStorylinePackages(root, uploadTmpDir),
    async read(at) {
      const file = fileOf(at)
      return file && (await isFile(file)) ? readFile(file) : null
    },
    async send(_req, res, next, at, options) {
      const file = fileOf(at)
      if (!file || !(await isFile(file))) return false
      options.prepare()
      if (options.encoding) {
        res.type(options.typeOf)
        res.setHeader('Content-Encoding', options.encoding)
      }
      res.sendFile(file, { cacheControl: false, acceptRanges: options.ranges, dotfiles: 'allow' }, (error) => error && next(error))
      return true
    },
  }
}

let bucketStore: { key: string; store: PackageStore } | undefined

/**
 * The store this process keeps packages in: the bucket when `S3_BUCKET` is set, else `uploadsDir`.
 * One bucket client per process (it keeps its connections).
 */
export const storylineStore = (uploadsDir: string): PackageStore => {
  const settings = objectStorageSettings()
  if (!settings) return diskPackageStore(uploadsDir)
  const key = JSON.stringify(settings)
  if (bucketStore?.key !== key) bucketStore = { key, store: bucketPackageStore(settings) }
  return bucketStore.store
}

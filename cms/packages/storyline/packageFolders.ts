/**
 * Where an activity's Storyline package lives on disk, and how a new one goes live in one step.
 *
 *   uploads/<id>/package            the live version's name, one line (the pointer)
 *   uploads/<id>/<version>/files/   the package as uploaded (less `__MACOSX/` and `._*`)
 *   uploads/<id>/<version>/br/      brotli copies of its text files, same relative names
 *   uploads/<id>/<version>/gz/      gzip copies
 *   uploads/<id>/.staging-XXXX/     an upload being unpacked; never served
 *   uploads/<id>/storyline/         a package installed before versions existed (served while no pointer)
 *
 * A version folder is complete before the pointer names it, and the pointer is replaced by a
 * rename, so a crash leaves either the old or the new package live, never half of one. What a
 * crash leaves besides (staging folders, versions no pointer names, a half-written pointer) is
 * removed by `repairStorylinePackages` at the next start. See docs/adr/package-versions-and-pointer.md.
 */
import { randomBytes } from 'node:crypto'
import { open, readdir, readFile, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'

export const POINTER = 'package'
export const LEGACY_FOLDER = 'storyline'
export const STAGING_PREFIX = '.staging-'
const POINTER_TMP_PREFIX = '.package-'
/** Folders left by the unversioned installer: its unpacking and its swap. */
const LEGACY_TMP_PREFIX = '.storyline-tmp-'
const LEGACY_OLD_PREFIX = '.storyline-old-'

/** A version's name: `v`, the upload's time and randomness, so a re-upload never reuses a URL. */
export const versionPattern = /^v[0-9a-z]{8,40}$/
export const newVersion = (): string => `v${Date.now().toString(36)}${randomBytes(5).toString('hex')}`

export const versionFiles = (activityDir: string, version: string) => path.join(activityDir, version, 'files')
export const encodedFolder = (activityDir: string, version: string, encoding: 'br' | 'gzip') => path.join(activityDir, version, encoding === 'br' ? 'br' : 'gz')

/** The live version of an activity's package, or null (none, or installed before versions). */
export const readPointer = async (activityDir: string): Promise<string | null> => {
  try {
    const name = (await readFile(path.join(activityDir, POINTER), 'utf8')).trim()
    return versionPattern.test(name) ? name : null
  } catch {
    return null
  }
}

/** Writes the pointer durably, then renames it into place: readers see the old name or the new one. */
export const writePointer = async (activityDir: string, version: string): Promise<void> => {
  const tmp = path.join(activityDir, `${POINTER_TMP_PREFIX}${randomBytes(6).toString('hex')}`)
  const file = await open(tmp, 'wx', 0o644)
  try {
    await file.writeFile(`${version}\n`)
    await file.sync()
  } finally {
    await file.close()
  }
  try {
    await rename(tmp, path.join(activityDir, POINTER))
  } catch (error) {
    await rm(tmp, { force: true })
    throw error
  }
  // The rename itself is durable once the folder is synced.
  const dir = await open(activityDir, 'r')
  try {
    await dir.sync()
  } finally {
    await dir.close()
  }
}

/** Everything in an activity's folder except the live version and its pointer: earlier versions, leftovers. */
export const removeAllBut = async (activityDir: string, live: string): Promise<void> => {
  const entries = await readdir(activityDir).catch(() => [] as string[])
  await Promise.all(
    entries.filter((name) => name !== live && name !== POINTER).map((name) => rm(path.join(activityDir, name), { recursive: true, force: true })),
  )
}

/** Older versions first: a version's name starts with its upload time in base 36. */
const byAge = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0)

const isDir = async (target: string) =>
  stat(target).then(
    (s) => s.isDirectory(),
    () => false,
  )

/**
 * Puts one activity folder back in order after a crash: the live version stays, the rest goes.
 * Without a pointer or a version, a package from before versions (`storyline/`) stays; if the old installer
 * died between its two renames, its previous package is put back.
 */
const repairActivity = async (activityDir: string): Promise<string[]> => {
  const removed: string[] = []
  let live = await readPointer(activityDir)
  const pointed = await stat(path.join(activityDir, POINTER)).then(
    () => true,
    () => false,
  )
  if (pointed && !(live && (await isDir(versionFiles(activityDir, live))))) {
    // A pointer naming no folder (a copy of the uploads taken mid-upload, say): the newest whole
    // version plays. Version folders are whole by construction: only a finished unpack is renamed to one.
    // Without any pointer no version was ever live, and none is made live here.
    const versions = (await readdir(activityDir)).filter((name) => versionPattern.test(name)).sort(byAge)
    live = null
    for (const name of versions.reverse()) if (await isDir(versionFiles(activityDir, name))) live ??= name
    if (live) await writePointer(activityDir, live)
  }
  if (live) {
    for (const name of await readdir(activityDir)) {
      if (name === live || name === POINTER) continue
      await rm(path.join(activityDir, name), { recursive: true, force: true })
      removed.push(name)
    }
    return removed
  }
  const entries = await readdir(activityDir)
  if (!entries.includes(LEGACY_FOLDER)) {
    const previous = entries.find((name) => name.startsWith(LEGACY_OLD_PREFIX))
    if (previous) await rename(path.join(activityDir, previous), path.join(activityDir, LEGACY_FOLDER))
  }
  for (const name of await readdir(activityDir)) {
    if (name === LEGACY_FOLDER) continue
    const leftover =
      name === POINTER ||
      name.startsWith(STAGING_PREFIX) ||
      name.startsWith(POINTER_TMP_PREFIX) ||
      name.startsWith(LEGACY_TMP_PREFIX) ||
      name.startsWith(LEGACY_OLD_PREFIX) ||
      versionPattern.test(name)
    if (!leftover) continue
    await rm(path.join(activityDir, name), { recursive: true, force: true })
    removed.push(name)
  }
  return removed
}

const activityFolderName = /^[A-Za-z0-9_-]+$/

/** The activity's id becomes a path segment or a key's part, so anything but these characters could point elsewhere. */
export const checkedActivityId = (activityId: string | number): string => {
  const ok =
    typeof activityId === 'number' ? Number.isSafeInteger(activityId) && activityId > 0 : typeof activityId === 'string' && activityFolderName.test(activityId)
  if (!ok) throw new TypeError(`Invalid activity id for a Storyline package: ${JSON.stringify(activityId)}`)
  return String(activityId)
}

/**
 * At start, before the content origin serves: every activity folder under `uploadsDir` repaired,
 * and the uploads that never finished (`uploadTmpDir/storyline-*`) removed. Returns what it removed.
 */
export const repairStorylinePackages = async (uploadsDir: string, uploadTmpDir: string): Promise<string[]> => {
  const removed: string[] = []
  for (const name of await readdir(uploadTmpDir).catch(() => [] as string[])) {
    if (!name.startsWith('storyline-')) continue
    await rm(path.join(uploadTmpDir, name), { recursive: true, force: true })
    removed.push(path.join(uploadTmpDir, name))
  }
  for (const name of await readdir(uploadsDir).catch(() => [] as string[])) {
    if (name === 'media' || !activityFolderName.test(name)) continue
    const activityDir = path.join(uploadsDir, name)
    if (!(await isDir(activityDir))) continue
    for (const gone of await repairActivity(activityDir)) removed.push(path.join(activityDir, gone))
  }
  return removed
}

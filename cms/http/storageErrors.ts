import fs from 'node:fs'
import path from 'node:path'

import { type AfterErrorHook, FileUploadError } from 'payload'

import { uploadsDir } from '../config/paths'

/**
 * A file the server could not store is said as what happened, so the editor (and whoever they
 * call) knows it is the server's disk and not their file: a full disk or a folder the server may
 * not write, answered 507 (Insufficient Storage) instead of the generic "Something went wrong."
 * Storyline uploads throw the file system's own error (its `code`); Payload's media uploads wrap
 * it in a `FileUploadError` that drops the code, so for those the folder itself is asked.
 */
export const diskFullMessage = "The server's disk is full, so the file was not saved. Ask the site's operator to free some space, then try again."
export const notWritableMessage =
  "The server may not write to its uploads folder, so the file was not saved. Ask the site's operator to make UPLOADS_DIR writable, then try again."

type Problem = 'full' | 'not-writable'

const problems: Record<string, Problem> = { ENOSPC: 'full', EDQUOT: 'full', EROFS: 'not-writable', EACCES: 'not-writable', EPERM: 'not-writable' }

/** The error and its causes, outermost first. */
const chain = (error: unknown): unknown[] => {
  const found: unknown[] = []
  for (let current = error; current && found.length < 10; current = (current as { cause?: unknown }).cause) found.push(current)
  return found
}

const problemOf = (error: unknown): Problem | undefined =>
  chain(error)
    .map((link) => problems[(link as NodeJS.ErrnoException).code ?? ''])
    .find(Boolean)

/** Room kept beside a file for the file system's own records, when judging whether it fits. */
const marginBytes = 1024 * 1024

/** What stops writing `bytes` into `dir` now: tried with a small file, then the free space. */
export const storageProblemAt = (dir: string, bytes = 0): Problem | undefined => {
  const probe = path.join(dir, `.write-check-${process.pid}-${Date.now()}`)
  try {
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(probe, 'ok')
    fs.rmSync(probe, { force: true })
  } catch (error) {
    return problemOf(error)
  }
  try {
    const { bavail, bsize } = fs.statfsSync(dir)
    if (bavail * bsize < bytes + marginBytes) return 'full'
  } catch {
    // A folder whose file system cannot be asked: nothing more is known.
  }
  return undefined
}

/** The folder a file-system error names when it lies under UPLOADS_DIR (Node's recursive mkdir says ENOENT for a read-only parent). */
const uploadsFolderIn = (error: unknown): string | undefined => {
  const named = chain(error).find(
    (link) => typeof (link as NodeJS.ErrnoException).syscall === 'string' && typeof (link as NodeJS.ErrnoException).path === 'string',
  )
  const where = (named as NodeJS.ErrnoException | undefined)?.path
  return where && path.resolve(where).startsWith(path.resolve(uploadsDir)) ? uploadsDir : undefined
}

export const storageErrorAnswer: AfterErrorHook = ({ collection, error, req, result }) => {
  let problem = problemOf(error)
  if (!problem && error instanceof FileUploadError) {
    const staticDir = collection?.upload && typeof collection.upload === 'object' ? collection.upload.staticDir : undefined
    problem = storageProblemAt(staticDir || uploadsDir, req.file?.size ?? 0)
  }
  const folder = problem ? undefined : uploadsFolderIn(error)
  if (folder) problem = storageProblemAt(folder)
  if (!problem) return
  return { response: { ...result, errors: [{ message: problem === 'full' ? diskFullMessage : notWritableMessage }] }, status: 507 }
}

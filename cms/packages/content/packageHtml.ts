/**
 * A package's HTML pages are served with the storage shim (storage-shim.js) as the first thing in
 * their <head>, so it replaces document.cookie and the storage objects before any of the package's
 * own scripts runs: the launch file, nested frames (analytics-frame.html), web objects. The files
 * stay as uploaded; the shim is inserted as they are sent, so every package gets it, whenever it was
 * uploaded. Every other file is left to express.static, which also answers whatever this refuses
 * to look at (dot-files, `..`, a missing file).
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { NextFunction, Request, Response } from 'express'

import { uploadCaching } from '../uploadCaching'

const here = path.dirname(fileURLToPath(import.meta.url))

export const storageShimFile = () => path.join(here, 'storage-shim.js')

/** The tag inserted; an absolute path on the content origin, which no package can write to. */
export const storageShimTag = '<script src="/launcher/storage-shim.js"></script>'

const html = /\.html?$/i

/**
 * Inserts the shim's tag right after <head …> (else after <html …>, else after the doctype, else
 * first). Works on the bytes as latin1, so a page in any ASCII-compatible encoding stays as it was.
 */
export const withStorageShim = (page: Buffer): Buffer => {
  const text = page.toString('latin1')
  const at = [/<head(?:\s[^>]*)?>/i, /<html(?:\s[^>]*)?>/i, /<!doctype[^>]*>/i].map((pattern) => pattern.exec(text)).find(Boolean)
  const index = at ? at.index + at[0].length : 0
  return Buffer.concat([page.subarray(0, index), Buffer.from(storageShimTag, 'latin1'), page.subarray(index)])
}

export const packageHtml =
  (root: string) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !html.test(req.path)) return next()
    let relative: string
    try {
      relative = decodeURIComponent(req.path)
    } catch {
      return next()
    }
    const segments = relative.split('/').filter(Boolean)
    if (relative.includes('\0') || relative.includes('\\') || segments.some((segment) => segment.startsWith('.'))) return next()
    const base = path.resolve(root)
    const file = path.resolve(base, ...segments)
    if (!file.startsWith(base + path.sep)) return next()
    let page: Buffer
    try {
      if (!(await fs.stat(file)).isFile()) return next()
      page = await fs.readFile(file)
    } catch {
      return next()
    }
    uploadCaching(res, file)
    // Express answers the ETag of what is sent, and a 304 when the browser has it.
    res.type('html').send(withStorageShim(page))
  }

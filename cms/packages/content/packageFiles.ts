/**
 * A package's files on the content origin, `GET /uploads/<activityId>/storyline/<path>`:
 *
 * - `…/storyline/<version>/<path>` (the URLs launches hand out) is one upload's file for ever:
 *   `Cache-Control: public, max-age=31536000, immutable`, but for its HTML pages, revalidated
 *   (`no-cache`, a 304 when unchanged) because their policy follows the allowed hosts. A re-upload
 *   is another version, so another URL; a student's browser fetches a package's files once.
 * - `…/storyline/<path>` (the spec's `story.html` address) is the live version's file, revalidated
 *   (pages, scripts, data) or cached for an hour (media), as before versions.
 * - Text files go in the encoding the browser prefers among the copies made at upload
 *   (cms/packages/storyline/precompress.ts), with `Content-Encoding` and `Vary: Accept-Encoding`.
 * - HTML pages carry the storage shim (packageHtml.ts); the compressed copies already hold it.
 * - Everything else through `res.sendFile`: ranges (audio, video), ETags, 304s.
 *
 * Nothing under a dot-name is ever served, nor anything outside the version's `files/` folder.
 * Layout: cms/packages/storyline/packageFolders.ts.
 */
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'

import type { NextFunction, Request, Response } from 'express'

import { chosenEncoding } from '../../http/contentEncoding'
import { compressible } from '../storyline/precompress'
import { encodedFolder, LEGACY_FOLDER, readPointer, versionFiles, versionPattern } from '../storyline/packageFolders'
import { withStorageShim } from './packageHtml'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const revalidated = /\.(?:html?|m?js|json|xml|css|txt|csv|svg)$/i
const html = /\.html?$/i
const activityId = /^[A-Za-z0-9_-]+$/

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

const notFound = (res: Response) => res.status(404).type('text/plain').send('Not found.')

/** The folder holding the files a request names, the path inside it, and whether that URL is a version's. */
const locate = async (activityDir: string, segments: string[]) => {
  const [first, ...rest] = segments
  if (first && versionPattern.test(first) && rest.length && (await isDir(versionFiles(activityDir, first)))) {
    return { version: first, root: versionFiles(activityDir, first), segments: rest, immutable: true }
  }
  const live = await readPointer(activityDir)
  if (live) return { version: live, root: versionFiles(activityDir, live), segments, immutable: false }
  return { version: null, root: path.join(activityDir, LEGACY_FOLDER), segments, immutable: false }
}

export const packageFiles =
  (uploadsDir: string) =>
  async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD')
      res.status(405).type('text/plain').send('Method not allowed.')
      return
    }
    let segments: string[]
    try {
      segments = req.path.split('/').filter(Boolean).map(decodeURIComponent)
    } catch {
      notFound(res)
      return
    }
    // /<id>/storyline/<path…>; a dot-name anywhere (`..`, `._x`, `.git`) is refused, as before versions.
    const [id, folder, ...inside] = segments
    if (!id || !activityId.test(id) || folder !== LEGACY_FOLDER || !inside.length) return void notFound(res)
    if (inside.some((s) => s.startsWith('.') || s.includes('\0') || s.includes('\\') || s.includes('/'))) {
      res.status(403).type('text/plain').send('Forbidden.')
      return
    }
    const activityDir = path.join(path.resolve(uploadsDir), id)
    const found = await locate(activityDir, inside)
    const rel = path.join(...found.segments)
    const file = path.resolve(found.root, rel)
    if (!file.startsWith(found.root + path.sep) || !(await isFile(file))) return void notFound(res)

    // A page is revalidated even at a version's URL: its Content-Security-Policy names the hosts staff
    // allow for the package now (packagePolicy.ts), which a cached page would keep for a year.
    res.setHeader('Cache-Control', found.immutable && !html.test(file) ? IMMUTABLE : revalidated.test(file) ? 'no-cache' : 'public, max-age=3600')
    const text = compressible.test(file)
    if (text) res.append('Vary', 'Accept-Encoding')

    if (text && found.version) {
      const wanted = chosenEncoding(req)
      if (wanted !== 'identity') {
        const copy = path.join(encodedFolder(activityDir, found.version, wanted), rel)
        if (await isFile(copy)) {
          res.type(path.extname(file))
          res.setHeader('Content-Encoding', wanted)
          // A byte range of a compressed copy means nothing to a client that asked for the file's.
          res.sendFile(copy, { cacheControl: false, acceptRanges: false, dotfiles: 'allow' }, (error) => error && next(error))
          return
        }
      }
    }
    if (html.test(file)) {
      let page: Buffer
      try {
        page = await readFile(file)
      } catch (error) {
        return next(error)
      }
      // Express answers the ETag of what is sent, and a 304 when the browser has it.
      res.type('html').send(withStorageShim(page))
      return
    }
    res.sendFile(file, { cacheControl: false, dotfiles: 'allow' }, (error) => error && next(error))
  }

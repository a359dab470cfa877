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
 * - Everything else as the store sends it (cms/packages/storyline/packageStore.ts: from disk, or
 *   streamed from the bucket): ranges (audio, video), ETags, 304s.
 *
 * Nothing under a dot-name is ever served, nor anything outside the version's `files/` folder.
 */
import path from 'node:path'

import type { NextFunction, Request, Response } from 'express'

import { chosenEncoding } from '../../http/contentEncoding'
import { compressible } from '../storyline/precompress'
import { LEGACY_FOLDER, versionPattern } from '../storyline/packageFolders'
import type { PackageFileAt, PackageStore } from '../storyline/packageStore'
import { withStorageShim } from './packageHtml'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const revalidated = /\.(?:html?|m?js|json|xml|css|txt|csv|svg)$/i
const html = /\.html?$/i
const activityId = /^[A-Za-z0-9_-]+$/

const notFound = (res: Response) => res.status(404).type('text/plain').send('Not found.')

/** The version holding the file a request names, the path inside it, and whether that URL is a version's. */
const locate = async (store: PackageStore, id: string, segments: string[]) => {
  const [first, ...rest] = segments
  if (first && versionPattern.test(first) && rest.length && (await store.hasVersion(id, first))) {
    return { version: first, segments: rest, immutable: true }
  }
  // Without a live version, a package installed before versions (on disk only).
  return { version: await store.liveVersion(id), segments, immutable: false }
}

export const packageFiles =
  (store: PackageStore) =>
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
    try {
      const found = await locate(store, id, inside)
      const rel = found.segments.join('/')
      const file: PackageFileAt = { activityId: id, version: found.version, area: 'files', path: rel }
      const typeOf = path.extname(rel)
      const text = compressible.test(rel)
      const prepare = () => {
        // A page is revalidated even at a version's URL: its Content-Security-Policy names the hosts staff
        // allow for the package now (packagePolicy.ts), which a cached page would keep for a year.
        res.setHeader('Cache-Control', found.immutable && !html.test(rel) ? IMMUTABLE : revalidated.test(rel) ? 'no-cache' : 'public, max-age=3600')
        if (text) res.append('Vary', 'Accept-Encoding')
      }

      if (text && found.version) {
        const wanted = chosenEncoding(req)
        // The copy, when one was made at upload; else the file itself. A byte range of a compressed
        // copy means nothing to a client that asked for the file's.
        if (wanted !== 'identity' && (await store.send(req, res, next, { ...file, area: wanted }, { ranges: false, encoding: wanted, typeOf, prepare }))) return
      }
      if (html.test(rel)) {
        const page = await store.read(file)
        if (!page) return void notFound(res)
        prepare()
        // Express answers the ETag of what is sent, and a 304 when the browser has it.
        res.type('html').send(withStorageShim(page))
        return
      }
      if (!(await store.send(req, res, next, file, { ranges: true, typeOf, prepare }))) notFound(res)
    } catch (error) {
      next(error)
    }
  }

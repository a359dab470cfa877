import path from 'node:path'

import type { Response } from 'express'

import { uploadsDir } from '../config/paths'

/**
 * Set only on files actually sent (not on 403/404). A package's pages, scripts and data keep their
 * names from one upload to the next, so they are revalidated on every load (a 304 when unchanged:
 * the ETag follows size and mtime, and a re-upload writes new files) and a new upload shows at once.
 * Its images, audio, video and fonts, and media files, may be cached for an hour.
 */
const revalidated = /\.(?:html?|m?js|json|xml|css|txt|csv)$/i
export const uploadCaching = (res: Response, filePath: string) => {
  const inPackage = path.relative(path.resolve(uploadsDir), filePath).split(path.sep)[1] === 'storyline'
  res.setHeader('Cache-Control', inPackage && revalidated.test(filePath) ? 'no-cache' : 'public, max-age=3600')
}

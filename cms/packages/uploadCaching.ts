import type { Response } from 'express'

/**
 * Set only on files actually sent (not on 403/404) from the product's `/uploads` (media): cached for an
 * hour. Package files are the content origin's, with caching of their own (content/packageFiles.ts).
 */
export const uploadCaching = (res: Response) => {
  res.setHeader('Cache-Control', 'public, max-age=3600')
}

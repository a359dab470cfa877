/**
 * The launcher page's scripts, inlined and pinned by hash in its Content-Security-Policy: the
 * storage shim (which lends the launcher its store), scorm-again's CrossFrameAPI and launcher.js.
 * A package shares the content origin with the launcher, so `script-src 'self'` would let any file
 * of any package run in the launcher page; hashes let only these three run. Read once: they change
 * only with a deployment.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { storageShimFile } from './packageHtml'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)

/** scorm-again's cross-frame proxy, as the installed package ships it. */
const crossFrameApiFile = () => path.join(path.dirname(require.resolve('scorm-again/cross-frame-api')), 'cross-frame-api.min.js')

let cached: { tags: string; sources: string } | undefined

export const launcherScripts = (): { tags: string; sources: string } => {
  if (cached) return cached
  const files = [storageShimFile(), crossFrameApiFile(), path.join(here, 'launcher.js')]
  const bodies = files.map((file) => {
    const text = fs.readFileSync(file, 'utf8')
    // An inline script ends at the first "</script"; none of these may contain one.
    if (/<\/script/i.test(text)) throw new Error(`${file} cannot be inlined in the launcher page: it contains "</script".`)
    return text
  })
  cached = {
    tags: bodies.map((body) => `<script>${body}</script>`).join('\n'),
    sources: bodies.map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`).join(' '),
  }
  return cached
}

/**
 * A package's text files compressed once, at upload, so the content origin sends them at once in
 * the encoding a browser asks for (cms/packages/content/packageFiles.ts). Brotli at (or near) its highest
 * quality and gzip at level 9 cost time once per upload and save bytes on every student's open.
 * A copy is kept only when it is smaller than the file. HTML pages are compressed as they are
 * served: with the storage shim inserted (cms/packages/content/packageHtml.ts).
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import zlib from 'node:zlib'

import { withStorageShim } from '../content/packageHtml'

/** The files worth compressing: text Storyline exports carry (media and fonts are compressed already). */
export const compressible = /\.(?:html?|m?js|css|json|xml|svg|txt|csv|vtt|xsd|dtd)$/i
const html = /\.html?$/i
/** Below this a compressed copy saves less than a packet. */
const MIN_BYTES = 1024

const encoders = {
  br: (size: number) =>
    zlib.createBrotliCompress({
      params: {
        // The highest quality is slow on the few large files (the player's scripts, a course's data.js):
        // a step down there keeps an editor's upload within a proxy's usual timeout.
        [zlib.constants.BROTLI_PARAM_QUALITY]: size <= 512 * 1024 ? zlib.constants.BROTLI_MAX_QUALITY : 9,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    }),
  gzip: () => zlib.createGzip({ level: 9 }),
}

/** Compresses the files of `filesDir` named in `relPaths` into `brDir` and `gzDir` (same relative names). */
export const precompress = async (filesDir: string, relPaths: Iterable<string>, brDir: string, gzDir: string): Promise<void> => {
  for (const rel of relPaths) {
    if (!compressible.test(rel)) continue
    const source = path.join(filesDir, rel)
    const { size } = await stat(source)
    if (size < MIN_BYTES) continue
    const body = html.test(rel) ? withStorageShim(await readFile(source)) : null
    for (const [encoding, dir] of [
      ['br', brDir],
      ['gzip', gzDir],
    ] as const) {
      const target = path.join(dir, rel)
      await mkdir(path.dirname(target), { recursive: true, mode: 0o755 })
      const input = body ? Readable.from([body]) : createReadStream(source)
      await pipeline(input, encoders[encoding](body?.length ?? size), createWriteStream(target, { flags: 'wx', mode: 0o644 }))
      if ((await stat(target)).size >= (body?.length ?? size)) await rm(target)
    }
  }
}

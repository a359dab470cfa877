import { promisify } from 'node:util'
import zlib from 'node:zlib'

import type { Request, Response } from 'express'

import { chosenEncoding } from './contentEncoding'

/**
 * An answer whose whole body is at hand (Payload's JSON, a page's HTML), compressed in one call
 * and sent with its length. The `compression` middleware streams every answer through a zlib
 * stream made for it: for the small body of a typical API answer, that stream and the web stream
 * Payload's body was piped through cost more of the one JavaScript thread than the compression
 * itself (docs/adr/compression.md). Streamed bodies (files) still go through the middleware.
 */

/** Below this the encoding costs more than the bytes it saves (the middleware's threshold too). */
const thresholdBytes = 1024
/** Above this the work goes to libuv's threads: a 600 KB list takes milliseconds to compress. */
const offThreadBytes = 64 * 1024

/**
 * Brotli quality 2: on our JSON nearly as small as quality 4 for about half the time, and smaller
 * than gzip (docs/adr/compression.md).
 * Told the body's size and given a window no larger than the body: Node's encoder is a streaming
 * one, and without these it sets up (and clears) the tables of its largest window for every small answer.
 */
const brotliOptions = (body: Buffer) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 2,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    [zlib.constants.BROTLI_PARAM_LGWIN]: Math.min(
      zlib.constants.BROTLI_MAX_WINDOW_BITS,
      Math.max(zlib.constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.length))),
    ),
  },
})
const brotliOffThread = promisify(zlib.brotliCompress)
const gzipOffThread = promisify(zlib.gzip)

const encode = async (encoding: 'br' | 'gzip', body: Buffer): Promise<Buffer> => {
  if (body.length <= offThreadBytes) return encoding === 'br' ? zlib.brotliCompressSync(body, brotliOptions(body)) : zlib.gzipSync(body)
  return encoding === 'br' ? brotliOffThread(body, brotliOptions(body)) : gzipOffThread(body)
}

/** Sends `body` (the status and headers already set) in the best encoding the client accepts. */
export const sendWhole = async (req: Request, res: Response, body: Buffer) => {
  res.vary('Accept-Encoding')
  const noTransform = /(?:^|,)\s*no-transform\s*(?:,|$)/.test(String(res.getHeader('Cache-Control') ?? ''))
  const chosen = body.length < thresholdBytes || noTransform || req.method === 'HEAD' ? 'identity' : chosenEncoding(req)
  const encoding = chosen === 'identity' ? undefined : chosen
  const sent = encoding ? await encode(encoding, body) : body
  if (encoding) res.setHeader('Content-Encoding', encoding)
  res.setHeader('Content-Length', sent.length)
  res.end(req.method === 'HEAD' ? undefined : sent)
}

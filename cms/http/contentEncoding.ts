import type { IncomingMessage } from 'node:http'

import Negotiator from 'negotiator'

/**
 * The encoding to send a text answer in: the one the client wants most, and where it wants several
 * as much (browsers send `gzip, deflate, br, zstd`, all equal), brotli, about two thirds of gzip's
 * size on our lists. Express's `acceptsEncodings` would pick the first the client listed: gzip.
 */
export const chosenEncoding = (req: IncomingMessage): 'br' | 'gzip' | 'identity' =>
  (new Negotiator(req).encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip'] }) as 'br' | 'gzip' | 'identity' | undefined) ?? 'identity'

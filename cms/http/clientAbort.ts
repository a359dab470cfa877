import type { IncomingMessage } from 'node:http'

/**
 * The client went away before its request was read or answered (closed tab, lost Wi-Fi, a
 * cancelled upload, or a body dropped as idle): nothing the server did wrong, so it is logged as
 * one short line, not as a server error with a stack trace. Judged by the connection, not by the
 * error's code: an ECONNRESET from the database or object storage is a real server error.
 */
export const isClientAbort = (req: IncomingMessage) => req.destroyed || req.socket.destroyed

export const clientAbortLine = (req: IncomingMessage) => `Client aborted ${req.method} ${(req.url ?? '').split('?')[0]}`

/** Thrown into Payload when the client abandons an upload; logged at info level (payload.config `loggingLevels`). */
export class ClientAbortError extends Error {
  override name = 'ClientAbortError'
  constructor(req: IncomingMessage) {
    super(clientAbortLine(req))
  }
}

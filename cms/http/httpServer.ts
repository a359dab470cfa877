import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http'

import { secondsFromEnv } from '../config/env'
import { markStopping } from '../startup/health'
import { keepIdleConnectionsPastTheProxy } from './connectionTimeouts'

type Log = (message: string) => void

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers })
  res.end(JSON.stringify(body))
}

/** Until the app is ready: the process is up (/healthz), nothing else is served yet. */
const booting: RequestListener = (req, res) => {
  const path = (req.url ?? '').split('?')[0]
  if (path === '/healthz') return json(res, 200, { status: 'ok' })
  if (path === '/readyz') return json(res, 503, { status: 'unavailable', reason: 'starting' }, { 'retry-after': '5' })
  json(res, 503, { errors: [{ message: 'The server is starting. Please try again in a moment.' }] }, { 'retry-after': '5' })
}

/** The request announces a body (a length, or chunks). */
export const hasBody = (req: IncomingMessage) => Number(req.headers['content-length'] || 0) > 0 || Boolean(req.headers['transfer-encoding'])

/**
 * A request body that stops arriving for `idleMs` (BODY_IDLE_TIMEOUT_SECONDS, default 30) is
 * dropped: 408, and the connection closed. A slow but moving upload is unaffected (every byte
 * resets the timer); the whole request still has `requestTimeout` (30 minutes, for large
 * Storyline packages on a school's upload link).
 */
const dropIdleBodies = (req: IncomingMessage, res: ServerResponse, idleMs: number, log: Log) => {
  if (!hasBody(req) || req.complete) return
  const socket = req.socket
  socket.setTimeout(idleMs)
  req.once('end', () => socket.setTimeout(0))
  // A 'timeout' listener on the request tells Node's server that the timeout is handled here.
  req.on('timeout', () => {
    log(`Dropped ${req.method} ${(req.url ?? '').split('?')[0]}: the request body was idle for ${idleMs / 1000} s`)
    if (res.headersSent) return socket.destroy()
    res.once('finish', () => socket.destroy())
    json(res, 408, { errors: [{ message: 'The request body stopped arriving. Please try again.' }] }, { connection: 'close' })
  })
}

/** What a request still unanswered when the drain ends is told: the server is going, try again. */
export const restartingMessage = 'The server is restarting. Please try again in a moment.'

/**
 * A request still unanswered when the drain's time is up (an upload whose body is still
 * arriving, say) gets its answer: 503 with Retry-After, so the uploader is told to try again
 * instead of seeing the connection vanish. Its body keeps being read until the exit, so the client,
 * still sending, reads the answer rather than a reset.
 */
const answerUnfinished = (res: ServerResponse) => {
  if (res.writableEnded) return
  if (res.headersSent) return res.destroy()
  json(res, 503, { errors: [{ message: restartingMessage }] }, { 'retry-after': '5', connection: 'close' })
}

/**
 * The one HTTP server. It listens at once and answers /healthz while the app boots; `serve`
 * hands requests to the app. `stop` drains: no new connections, idle keep-alive connections
 * closed, requests in flight finished (each answered with `Connection: close`); after
 * `SHUTDOWN_TIMEOUT_SECONDS` (default 8) a request still unanswered gets a 503 (try again), and
 * 1.5 s later whatever is still open is cut and the process exits, cleanup finished or not: within
 * 10 s of the signal.
 */
export const createHttpServer = (log: Log) => {
  let handler: RequestListener = booting
  let stopping = false
  const idleMs = secondsFromEnv('BODY_IDLE_TIMEOUT_SECONDS', 30)
  const unanswered = new Set<ServerResponse>()
  const server = http.createServer((req, res) => {
    if (stopping) res.setHeader('Connection', 'close')
    unanswered.add(res)
    res.once('close', () => unanswered.delete(res))
    res.once('finish', () => unanswered.delete(res))
    dropIdleBodies(req, res, idleMs, log)
    handler(req, res)
  })
  // Storyline packages can be hundreds of MB on a school's upload link: allow 30 minutes a request.
  server.requestTimeout = 30 * 60 * 1000
  keepIdleConnectionsPastTheProxy(server)

  const serve = (app: RequestListener) => {
    handler = app
  }

  const stop = (signal: string, cleanup: () => Promise<void>) => {
    if (stopping) return
    stopping = true
    markStopping()
    const timeoutMs = secondsFromEnv('SHUTDOWN_TIMEOUT_SECONDS', 8)
    log(`${signal}: not accepting connections; finishing the requests in flight (at most ${timeoutMs / 1000} s)…`)
    const exit = async (code: number) => {
      try {
        await cleanup()
      } finally {
        process.exit(code)
      }
    }
    server.close(() => {
      log('All requests finished; exiting.')
      void exit(0)
    })
    // Keep-alive connections between requests hold no work: close them now and as they go idle.
    server.closeIdleConnections()
    setInterval(() => server.closeIdleConnections(), 100).unref()
    setTimeout(() => {
      log(`Shutdown timeout: answering the ${unanswered.size} request(s) still in flight with 503 (try again), then closing.`)
      for (const res of unanswered) answerUnfinished(res)
      server.closeIdleConnections()
    }, timeoutMs).unref()
    // Whatever the cleanup is waiting on (a pool, a hook), the process keeps the drain's promise.
    setTimeout(() => {
      server.closeAllConnections()
      process.exit(0)
    }, timeoutMs + 1500).unref()
  }

  return { server, serve, stop }
}

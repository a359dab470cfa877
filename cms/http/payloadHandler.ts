import type { IncomingMessage } from 'node:http'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'

import type { Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { handleEndpoints, type SanitizedConfig } from 'payload'

import { ClientAbortError, isClientAbort } from './clientAbort'
import { answerDatabaseBusy, metDatabaseTrouble } from '../database/databaseErrors'
import { DEFAULT_LOCALE } from '@common/locales'
import { requestLanguage, translateAnswer } from './messages/translate'
import { sendWhole } from './wholeAnswer'

type Limits = { jsonBytes: number; uploadBytes: number }
/**
 * Runs Payload's handling of one request; it may act once Payload has answered (its transaction
 * committed) and before the answer is sent (cms/cache/publicCache.ts announces changes then).
 */
type ChangeWatch = (work: () => Promise<Response>) => Promise<Response>

const jsonError = (res: ExpressResponse, status: number, message: string) => res.status(status).json({ errors: [{ message }] })

/** Every API route takes an object of fields; `null`, arrays and bare values would reach Payload's operations as their data. */
const isJsonObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value)
const notAnObject = 'The request body must be a JSON object.'
/** Methods whose empty body is read as `{}`. */
const bodyless = new Set(['POST', 'PUT', 'PATCH'])

/** Reads the body into memory, refusing it past `limit` bytes. */
const readLimited = async (req: ExpressRequest, limit: number): Promise<Buffer | null> => {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > limit) return null
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * Passes a streamed body through while counting, failing the stream past `limit` bytes. Stopping
 * early (a refusal that never reads the upload) leaves the request open, for `readRestOfBody`.
 */
const limitedStream = (req: ExpressRequest, limit: number): ReadableStream => {
  let size = 0
  const counted = Readable.from(
    (async function* () {
      try {
        for await (const chunk of req.iterator({ destroyOnReturn: false })) {
          size += (chunk as Buffer).length
          if (size > limit) throw Object.assign(new Error('Request body too large'), { status: 413 })
          yield chunk
        }
      } catch (error) {
        throw isClientAbort(req) ? new ClientAbortError(req) : error
      }
    })(),
  )
  return Readable.toWeb(counted) as unknown as ReadableStream
}

/**
 * The xAPI LRS reads its own bodies: statement lists (JSON arrays) and state documents of any
 * content type (xAPI 1.0.3, "Statement Resource", "Document Resources").
 */
const isLrsPath = (pathname: string) => pathname.startsWith('/api/xapi/')

/** The request's headers as Payload receives them (every line, as sent). */
export const headersOf = (req: IncomingMessage) => {
  const headers = new Headers()
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1])
  return headers
}
const urlOf = (req: ExpressRequest) => new URL(req.originalUrl, `http://${req.headers.host || 'localhost'}`)

/**
 * Payload's answer to a GET of `address` (a path with its query), as a Fetch Response, with the
 * request's headers, less its credentials when `anonymous` (the public-read cache stores it,
 * cms/cache/publicCache.ts).
 */
export const payloadGet = (config: Promise<SanitizedConfig>) => (req: ExpressRequest, address: string, anonymous: boolean) => {
  const headers = headersOf(req)
  if (anonymous) {
    headers.delete('authorization')
    headers.delete('cookie')
  }
  return handleEndpoints({ config, request: new Request(new URL(address, `http://${req.headers.host || 'localhost'}`), { method: 'GET', headers }) })
}

/**
 * After the answer, the rest of a streamed body that Payload or an endpoint left unread (an upload
 * refused before its file was read) is read and thrown away, as Node does with a body nobody began to
 * read. Left in the connection, it would hold the client's next request on that kept-alive
 * connection unread until the idle timeout cut the connection. A body still held by a reader that
 * stopped cannot be read here: the connection is closed after the answer instead, so the client
 * sends its next request on another.
 */
const readRestOfBody = async (req: ExpressRequest, body: ReadableStream) => {
  if (req.readableEnded || req.destroyed) return
  await body.cancel().catch(() => undefined)
  if (req.listenerCount('readable') === 0) req.resume()
  else req.socket?.end()
}

/**
 * Answers /api/* with Payload's REST handler (the same one the Next route uses), converting
 * Node's request to a Fetch Request. Bodies are checked here first, so malformed JSON or an
 * oversized upload is a clean 400/413 and never reaches an operation half-read.
 */
export const payloadApiHandler =
  (config: Promise<SanitizedConfig>, limits: Limits, watch: ChangeWatch = (work) => work()) =>
  async (req: ExpressRequest, res: ExpressResponse) => {
    const method = req.method.toUpperCase()
    const headers = headersOf(req)
    const url = urlOf(req)

    let body: BodyInit | undefined
    const parsed = req.body !== undefined
    if (parsed && method !== 'GET' && method !== 'HEAD') {
      // An earlier route parser (the login rate limit reads the username) already took the body.
      if (!isJsonObject(req.body ?? {})) return jsonError(res, 400, notAnObject)
      body = JSON.stringify(req.body ?? {})
      headers.delete('content-length')
    } else if (method !== 'GET' && method !== 'HEAD') {
      const type = (req.headers['content-type'] || '').split(';')[0].trim().toLowerCase()
      const declared = Number(req.headers['content-length'] || 0)
      const isMultipart = type.startsWith('multipart/')
      // The body gate (cms/http/bodyGate.ts) may have set a lower limit for an anonymous sender.
      const limit = Math.min(isMultipart ? limits.uploadBytes : limits.jsonBytes, Number(res.locals.bodyLimit) || Infinity)
      if (declared > limit) return jsonError(res, 413, `The request is too large (limit ${Math.round(limit / 1024)} KB).`)
      if (isMultipart) {
        const stream = limitedStream(req, limit)
        res.once('finish', () => void readRestOfBody(req, stream))
        body = stream
      } else {
        const buffer = await readLimited(req, limit)
        if (!buffer) return jsonError(res, 413, `The request is too large (limit ${Math.round(limit / 1024)} KB).`)
        if (buffer.length > 0) {
          if (type === 'application/json') {
            let json: unknown
            try {
              json = JSON.parse(buffer.toString('utf8'))
            } catch {
              return jsonError(res, 400, 'The request body is not valid JSON.')
            }
            if (!isJsonObject(json) && !isLrsPath(url.pathname)) return jsonError(res, 400, notAnObject)
          } else if (bodyless.has(method) && !isLrsPath(url.pathname)) {
            return jsonError(res, 415, 'Send the request body as JSON or as multipart form data.')
          }
          body = new Uint8Array(buffer)
        } else if (bodyless.has(method)) {
          // Payload's operations read fields from the body: with none they would read from `undefined`.
          body = '{}'
          headers.set('content-type', 'application/json')
        }
        headers.delete('content-length')
      }
    }

    let response: Response
    try {
      response = await watch(() =>
        handleEndpoints({
          config,
          request: new Request(url, { method, headers, body, duplex: 'half' } as RequestInit),
        }),
      )
    } catch (error) {
      if ((error as { status?: number }).status === 413) return jsonError(res, 413, 'The upload is too large.')
      throw error
    }

    await sendResponse(req, res, response)
  }

/**
 * Writes Payload's Fetch Response to Express's response. Messages people read come in their
 * language (cms/http/messages/translate.ts): they are in error answers and in the answers to writes
 * (login, logout, password requests), never in a successful read, so reads are sent as they are.
 */
export const sendResponse = async (req: ExpressRequest, res: ExpressResponse, response: Response) => {
  // An answer made after a read the database could not serve (cms/database/databaseErrors.ts): a refusal of
  // its own, or Payload's `{ user: null }` for a signed-in reader whose account could not be read.
  if (response.status !== 503 && metDatabaseTrouble()) {
    await response.body?.cancel()
    return void answerDatabaseBusy(req, res)
  }
  res.status(response.status)
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-encoding' && key !== 'content-length') res.setHeader(key, value)
  })
  const cookies = response.headers.getSetCookie()
  for (const cookie of cookies) res.append('Set-Cookie', cookie)
  if (!response.body || req.method === 'HEAD') return void res.end()
  // JSON is whole inside Payload before it answers: read in one piece and compressed in one call
  // (cms/http/wholeAnswer.ts). Other bodies (files) stream through.
  if (!response.headers.get('content-type')?.includes('application/json')) {
    return void Readable.fromWeb(response.body as unknown as NodeReadableStream).pipe(res)
  }
  const body = Buffer.from(await response.arrayBuffer())
  const language = requestLanguage(req.headers['accept-language'])
  const mayCarryMessages = response.status >= 400 || req.method !== 'GET'
  if (language === DEFAULT_LOCALE || !mayCarryMessages) return sendWhole(req, res, body)
  let answer: unknown
  try {
    answer = JSON.parse(body.toString('utf8'))
  } catch {
    return sendWhole(req, res, body)
  }
  await sendWhole(req, res, Buffer.from(JSON.stringify(translateAnswer(answer, language))))
}

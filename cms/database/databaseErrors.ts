import { AsyncLocalStorage } from 'node:async_hooks'

import type { NextFunction, Request, Response } from 'express'
import type { AfterErrorHook } from 'payload'

import { requestLanguage, translateMessage } from '../http/messages/translate'

/**
 * "Is this error the database being unreachable?", and what a request that met one answers: 503
 * with Retry-After, whatever the code that met it would have said otherwise. A signed-in request
 * whose account could not be read is not signed out (401), an activity that could not be read is
 * not missing (404), and a failed read is not a server fault (500): the web app retries a 503 and
 * tells the reader the site is busy (web/src/api/client.ts).
 */

/** Seconds a client should wait before trying again: about how long PostgreSQL takes to restart. */
export const retryAfterSeconds = 5

export const databaseBusyMessage = 'The site is busy. Please try again in a moment.'

/** Socket errors of a connection that could not be made or was cut. */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])

/**
 * PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), 57P01–57P03 (the server
 * shutting down, crashed, or not accepting connections yet) and 53300 (max_connections reached).
 */
const unreachableState = (code: string) => code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300'

/**
 * node-postgres's own words for a connection that ended or could not be had, and PostgreSQL's.
 * Payload wraps some errors in a new Error that keeps only the message ("cannot begin transaction: …").
 */
const unreachableMessage =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|terminating connection due to administrator command|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|too many clients already|remaining connection slots are reserved|connect ECONNREFUSED|Client was closed and is not queryable|Cannot use a pool after calling end/

export const isDatabaseUnreachable = (error: unknown, depth = 0): boolean => {
  if (!error || typeof error !== 'object' || depth > 5) return false
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown }
  if (typeof code === 'string' && (unreachableCodes.has(code) || (/^[0-9A-Z]{5}$/.test(code) && unreachableState(code)))) return true
  if (typeof message === 'string' && unreachableMessage.test(message)) return true
  // Drizzle's query errors carry the driver's as `cause`; a refused connection to a name with
  // several addresses is an AggregateError of each attempt's.
  if (isDatabaseUnreachable(cause, depth + 1)) return true
  return Array.isArray(errors) && errors.some((each) => isDatabaseUnreachable(each, depth + 1))
}

/**
 * Whether the request being handled met an unreachable database, even where its code went on
 * without the answer (an authentication strategy's failed read is "nobody signed in").
 */
const trouble = new AsyncLocalStorage<{ met: boolean }>()

/** Express middleware: the rest of the request keeps track of whether it met an unreachable database. */
export const watchDatabaseTrouble = (_req: Request, _res: Response, next: NextFunction) => trouble.run({ met: false }, next)

/** Notes `error` for the request if it is the database being unreachable; answers whether it was. */
export const noteDatabaseTrouble = (error: unknown) => {
  if (!isDatabaseUnreachable(error)) return false
  const store = trouble.getStore()
  if (store) store.met = true
  return true
}

export const metDatabaseTrouble = () => trouble.getStore()?.met === true

/**
 * For a lookup whose failure reads as "not found" (`.catch(nullUnlessUnreachable)`): an
 * unreachable database goes on as the error it is; any other failure is `null`.
 */
export const nullUnlessUnreachable = (error: unknown): null => {
  if (noteDatabaseTrouble(error)) throw error
  return null
}

/**
 * For a read whose caller turns any failure into an answer of its own (Payload's JWT check: "nobody
 * signed in"): the request remembers it met an unreachable database, and the error goes on.
 */
export const rethrowNotingDatabaseTrouble = (error: unknown): never => {
  noteDatabaseTrouble(error)
  throw error
}

export const databaseBusyBody = () => ({ errors: [{ message: databaseBusyMessage }] })

export const databaseBusyHeaders = () => ({ 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' })

/** The message in the reader's language (cms/http/messages/translate.ts). */
export const databaseBusyMessageFor = (req: Request) => translateMessage(databaseBusyMessage, requestLanguage(req.headers['accept-language']))

/** Answers 503 with Retry-After on an Express response. */
export const answerDatabaseBusy = (req: Request, res: Response) =>
  res
    .status(503)
    .set(databaseBusyHeaders())
    .json({ errors: [{ message: databaseBusyMessageFor(req) }] })

/**
 * Payload's answer to an error (its `afterError` hook, last in the list): an unreachable database,
 * met by the error itself or earlier in the request (a read its code turned into "not signed in"),
 * is 503 with Retry-After rather than the 500, 401 or 404 it became.
 */
export const databaseBusyAnswer: AfterErrorHook = ({ error, req }) => {
  if (!noteDatabaseTrouble(error) && !metDatabaseTrouble()) return
  const headers = new Headers(req.responseHeaders)
  for (const [name, value] of Object.entries(databaseBusyHeaders())) headers.set(name, value)
  req.responseHeaders = headers
  return { response: databaseBusyBody(), status: 503 }
}

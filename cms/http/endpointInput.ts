import type { PayloadRequest } from 'payload'

import { addDataAndFileToRequest, APIError } from 'payload'

import { accountRuleMessages, emailPattern, passwordProblem } from '@common/accountRules'

export type FieldError = { path: string; message: string }

/** A 4xx with a human message; `fieldErrors` become Payload's per-field `data.errors`, else `data` is sent as it is. */
export class HttpError extends APIError {
  constructor(status: number, message: string, fieldErrors?: FieldError[], data?: Record<string, unknown>) {
    super(message, status, fieldErrors?.length ? { errors: fieldErrors } : (data ?? null), true)
  }
}

export const badRequest = (errors: FieldError[]): HttpError => new HttpError(400, errors[0]?.message ?? 'Invalid request.', errors)
export const unauthorized = (message = 'You must be logged in to do that.') => new HttpError(401, message)
export const forbidden = (message = 'You are not allowed to do that.') => new HttpError(403, message)
export const notFound = (message = 'Not found.') => new HttpError(404, message)
export const conflict = (path: string, message: string) => new HttpError(409, message, [{ path, message }])

export const json = (body: unknown, status = 200, headers?: HeadersInit): Response => Response.json(body, { status, headers })

export type Body = Record<string, unknown>

/** The request's JSON body as an object; anything else is a 400. */
export const readBody = async (req: PayloadRequest): Promise<Body> => {
  await addDataAndFileToRequest(req)
  const data = req.data as unknown
  if (data === undefined || data === null) return {}
  if (typeof data !== 'object' || Array.isArray(data)) {
    throw new HttpError(400, 'The request body must be a JSON object.')
  }
  return data as Body
}

/** Refuses fields the endpoint does not know, so nothing is silently dropped or half-applied. */
export const onlyFields = (body: Body, allowed: readonly string[], prefix = ''): void => {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key))
  if (unknown.length) {
    throw badRequest(unknown.map((key) => ({ path: prefix + key, message: `Unknown field: ${prefix + key}.` })))
  }
}

/** A string field (trimmed); `undefined` when absent; a 400 when present with another type. */
export const optionalString = (body: Body, key: string, errors: FieldError[], path = key, max = 500): string | undefined => {
  const value = body[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string') {
    errors.push({ path, message: `${path} must be text.` })
    return undefined
  }
  if (value.length > max) {
    errors.push({ path, message: `${path} must be at most ${max} characters.` })
    return undefined
  }
  return value.trim()
}

export const requiredString = (body: Body, key: string, message: string, errors: FieldError[], path = key, max = 500): string => {
  const value = optionalString(body, key, errors, path, max)
  if (value === undefined || value === '') {
    if (!errors.some((e) => e.path === path)) errors.push({ path, message })
    return ''
  }
  return value
}

export const requireUser = (req: PayloadRequest) => {
  if (!req.user) throw unauthorized()
  return req.user
}

/** Route params are strings; ids in this product are integers (SQL) or ObjectIds (MongoDB). */
export const routeParam = (req: PayloadRequest, name: string): string => {
  const value = req.routeParams?.[name]
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value)) throw notFound()
  return value
}

export const sameId = (a: unknown, b: unknown): boolean => a !== undefined && a !== null && String(a) === String(b)

export const checkPassword = (password: string, errors: FieldError[], path = 'password'): void => {
  const problem = password ? passwordProblem(password) : null
  if (problem) errors.push({ path, message: problem })
}

export const checkEmail = (email: string, errors: FieldError[], path = 'email'): void => {
  if (email && !emailPattern.test(email)) errors.push({ path, message: accountRuleMessages.emailFormat })
}

export const throwIfErrors = (errors: FieldError[]): void => {
  if (errors.length) throw badRequest(errors)
}

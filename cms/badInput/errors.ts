import { type AfterErrorHook, APIError } from 'payload'

/** The error and its causes (drizzle wraps the driver's error in `cause`). */
const chain = (error: unknown): unknown[] => {
  const out: unknown[] = []
  for (let e = error; e && typeof e === 'object' && out.length < 5; e = (e as { cause?: unknown }).cause) out.push(e)
  return out
}

/**
 * A database's refusal of a value the request supplied, as opposed to a failure of the database
 * itself (an outage, a constraint bug), which must stay a 5xx. Covers what the guard above does
 * not foresee: PostgreSQL's "data exception" class (SQLSTATE 22…: invalid text representation,
 * numeric value out of range, invalid datetime), libsql's refusal of NaN/undefined parameters, and
 * the drizzle adapter's "Cannot find field for path" for `where` paths it cannot join through.
 */
export const isBadInputError = (error: unknown): boolean =>
  chain(error).some((e) => {
    const { code, message = '' } = e as { code?: unknown; message?: string }
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true
    if (e instanceof RangeError && /can be passed as arguments?/.test(message)) return true
    if (e instanceof TypeError && /cannot be passed as argument to the database/.test(message)) return true
    const stack = (e as Error).stack ?? ''
    // Payload parses a multipart body's `_payload` field, and query parameters given as strings (`?where=…`), with a bare JSON.parse.
    if (e instanceof SyntaxError && /addDataAndFileToRequest|parseParams/.test(stack)) return true
    // The drizzle adapter's query builder refuses `where` paths it cannot join through ("Cannot find field for path", "Not supported").
    return e instanceof APIError && /getTableColumnFromPath/.test(stack)
  })

/** A write that points at a row that does not exist (PostgreSQL 23503, SQLite's FOREIGN KEY constraint). */
export const isMissingReferenceError = (error: unknown): boolean =>
  chain(error).some((e) => {
    const { code, message = '' } = e as { code?: unknown; message?: string }
    return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || /FOREIGN KEY constraint failed/.test(message)
  })

/** Global afterError hook: answers such refusals with a 400 the client can act on. */
export const badInputAnswer: AfterErrorHook = ({ error, result }) => {
  if (isMissingReferenceError(error)) return { response: { ...result, errors: [{ message: 'The request refers to a document that does not exist.' }] }, status: 400 }
  if (!isBadInputError(error)) return
  const message =
    error instanceof SyntaxError
      ? 'A query parameter or the _payload field is not valid JSON (write conditions as where[field][operator]=value).'
      : 'The request has a value or query path this field cannot use.'
  return { response: { ...result, errors: [{ message }] }, status: 400 }
}

import { type AfterErrorHook, APIError, FileRetrievalError } from 'payload'

/** The error and its causes (drizzle wraps the driver's error in `cause`). */
const chain = (error: unknown): unknown[] => {
  const out: unknown[] = []
  for (let e = error; e && typeof e === 'object' && out.length < 5; e = (e as { cause?: unknown }).cause) out.push(e)
  return out
}

/**
 * Errors that mean the request was wrong, as opposed to a failure of the database itself (an
 * outage, a bug), which must stay a 5xx: what the guard (./guard.ts) does not foresee. PostgreSQL's
 * "data exception" class (SQLSTATE 22…: invalid text representation, numeric value out of range,
 * invalid datetime), libsql's refusal of NaN/undefined parameters, the drizzle adapter's refusal of
 * a `where` path, Payload's bare JSON.parse of request parts, writes pointing at missing rows, and
 * files an upload by URL could not fetch.
 */
const messages = {
  value: 'The request has a value or query path this field cannot use.',
  json: 'A query parameter or the _payload field is not valid JSON (write conditions as where[field][operator]=value).',
  body: 'The request body must be a JSON object of fields.',
  reference: 'The request refers to a document that does not exist.',
  blockedAddress: 'The file cannot be fetched from that address: it is on a private or internal network. Upload the file itself instead.',
  unreachable: 'The file could not be fetched from that address. Check the address, or upload the file itself.',
}

/** Which of the messages above fits one error of the chain, if any. */
const classify = (e: unknown): keyof typeof messages | undefined => {
  const { code, message = '' } = e as { code?: unknown; message?: string }
  const stack = (e as Error).stack ?? ''
  if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return 'value'
  // An upload by URL (`url` and `filename` in the body): Payload's fetch refuses private and internal
  // addresses (its SSRF guard), or the address gave no file. Either way the address was the request's.
  if (e instanceof FileRetrievalError) return /Blocked unsafe attempt/.test(message) ? 'blockedAddress' : 'unreachable'
  if (e instanceof RangeError && /can be passed as arguments?/.test(message)) return 'value'
  if (e instanceof TypeError && /cannot be passed as argument to the database/.test(message)) return 'value'
  // The drizzle adapter's query builder refuses `where` paths it cannot join through ("Cannot find field for path", "Not supported").
  if (e instanceof APIError && /getTableColumnFromPath/.test(stack)) return 'value'
  // Payload parses a multipart body's `_payload` field, and query parameters given as strings (`?where=…`), with a bare JSON.parse.
  if (e instanceof SyntaxError && /addDataAndFileToRequest|parseParams/.test(stack)) return 'json'
  // An auth collection's create checks username/email on the body before any hook could see it is `null` (multipart `_payload=null`).
  if (e instanceof TypeError && /ensureUsernameOrEmail/.test(stack)) return 'body'
  // A write that points at a row that does not exist (PostgreSQL 23503, SQLite's FOREIGN KEY constraint).
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || /FOREIGN KEY constraint failed/.test(message)) return 'reference'
  return undefined
}

/** Global afterError hook: answers such refusals with a 400 the client can act on; any other error keeps its status. */
export const badInputAnswer: AfterErrorHook = ({ error, result }) => {
  const kind = chain(error).map(classify).find(Boolean)
  if (!kind) return
  return { response: { ...result, errors: [{ message: messages[kind] }] }, status: 400 }
}

import fs from 'node:fs'
import path from 'node:path'

import {
  APIError,
  type AfterErrorHook,
  type Collection,
  type Endpoint,
  type CollectionBeforeDeleteHook,
  type CollectionBeforeOperationHook,
  type FlattenedField,
  isValidID,
  NotFound,
  type Payload,
  type PayloadRequest,
  type SanitizedCollectionConfig,
  type SanitizedConfig,
  validateQueryPaths,
  type Where,
} from 'payload'

/**
 * One guard in front of every collection operation (REST, custom endpoints and the Local API all
 * pass here): a malformed id is a 404, a `where` value the database cannot compare with its field
 * is a 400. Without it the value reaches the SQL driver and the answer is a 500 (SQLite refuses
 * NaN/undefined parameters, PostgreSQL answers "invalid input syntax"). See docs/decisions.md,
 * "Bad input".
 */

/** A 400 that names what was wrong, logged quietly like Payload's own QueryError. */
export class BadQueryValue extends APIError {
  constructor(message: string) {
    super(message, 400, undefined, true)
    this.name = 'BadQueryValue'
  }
}

/** Slugs here come from paths and relations, so any string may be asked for. */
const collectionOf = (payload: Payload, slug: string): Collection | undefined => (payload.collections as Record<string, Collection | undefined>)[slug]

type IdKind = { kind: 'integer'; max: number } | { kind: 'objectId' } | { kind: 'text' }

/** PostgreSQL's `serial` ids are 32-bit; SQLite's integer ids go up to JavaScript's safe range. */
const idKindOf = (payload: Payload, slug?: string): IdKind => {
  const custom = slug ? collectionOf(payload, slug)?.customIDType : undefined
  if (custom === 'text') return { kind: 'text' }
  if (custom === 'number' || payload.db.defaultIDType === 'number') {
    return { kind: 'integer', max: payload.db.name === 'postgres' ? 2 ** 31 - 1 : Number.MAX_SAFE_INTEGER }
  }
  return payload.db.name === 'mongoose' ? { kind: 'objectId' } : { kind: 'text' }
}

const integerIn = (value: unknown, max: number) => {
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) && Math.abs(n) <= max
}

const isIdValue = (id: IdKind, value: unknown) => {
  if (id.kind === 'integer') return integerIn(value, id.max)
  if (id.kind === 'objectId') return isValidID(value as string, 'ObjectID')
  return typeof value === 'string' || typeof value === 'number'
}

const isNumberValue = (value: unknown) =>
  (typeof value === 'number' && Number.isFinite(value)) || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))

const isDateValue = (value: unknown) =>
  value instanceof Date
    ? !Number.isNaN(value.getTime())
    : (typeof value === 'string' || typeof value === 'number') && !Number.isNaN(new Date(value).getTime())

/** What a leaf of a `where` path compares against: a field, or a collection's id. */
type Leaf = {
  field?: FlattenedField
  id?: IdKind
  /** For a path through relationships or joins: the last collection reached and the rest of the path in it. */
  hop?: { collection: string; path: string }
}

/**
 * Follows a dotted path through groups, tabs, arrays and single-collection relationships and joins.
 * Returns undefined for paths it cannot follow (blocks, polymorphic relations, unknown names):
 * those are left to Payload's own path validation (a 400 QueryError).
 */
const resolvePath = (payload: Payload, slug: string, path: string): Leaf | undefined => {
  let fields = collectionOf(payload, slug)?.config.flattenedFields
  let current = slug
  let hop: Leaf['hop']
  const segments = path.split('.')
  for (let i = 0; i < segments.length; i++) {
    const name = segments[i]
    const last = i === segments.length - 1
    const field = fields?.find((f) => f.name === name)
    if (!field) return name === 'id' && last ? { id: idKindOf(payload, current), hop } : undefined
    if (last) {
      if ((field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string') return { field, id: idKindOf(payload, field.relationTo), hop }
      return { field, hop }
    }
    const related =
      (field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string'
        ? field.relationTo
        : field.type === 'join' && typeof field.collection === 'string'
          ? field.collection
          : undefined
    if (field.type === 'group' || field.type === 'tab' || field.type === 'array') fields = field.flattenedFields
    else if (related) {
      current = related
      fields = collectionOf(payload, current)?.config.flattenedFields
      hop = { collection: current, path: segments.slice(i + 1).join('.') }
    } else return undefined
  }
  return undefined
}

const geoOperators = new Set(['near', 'within', 'intersects'])
const listOperators = new Set(['in', 'not_in', 'all'])

const valuesOf = (operator: string, value: unknown): unknown[] => {
  if (listOperators.has(operator) && typeof value === 'string') return value.split(',')
  return Array.isArray(value) ? value : [value]
}

/** Why this operator and value cannot be compared with the leaf, or undefined when they can. */
const problemWith = (leaf: Leaf, operator: string, value: unknown): string | undefined => {
  const type = leaf.field?.type
  if (geoOperators.has(operator)) return type === 'point' ? undefined : `"${operator}" works only on point fields`
  if (operator === 'exists') return undefined
  // `equals: null` and "null" mean "not set" to Payload; any other value is compared.
  const values = valuesOf(operator, value).filter((v) => v !== null && v !== 'null')
  if (values.some((v) => typeof v === 'object' && !(v instanceof Date))) return 'a nested object is not a value'
  if (leaf.id && !(type === 'relationship' || type === 'upload') && !leaf.field) {
    return values.every((v) => isIdValue(leaf.id as IdKind, v)) ? undefined : 'an id has the wrong format'
  }
  if (type === 'relationship' || type === 'upload') {
    if (!leaf.id || operator === 'like' || operator === 'not_like') return undefined
    return values.every((v) => isIdValue(leaf.id as IdKind, v)) ? undefined : 'an id has the wrong format'
  }
  if (type === 'number') return values.every(isNumberValue) ? undefined : 'a number was expected'
  // The SQL adapters convert date values before comparing, `like` included; an unparseable one becomes no value at all.
  if (type === 'date') return values.every(isDateValue) ? undefined : 'a date was expected'
  return undefined
}

type Check = { payload: Payload; req: PayloadRequest; overrideAccess?: boolean }

/**
 * Payload validates the part of a path beyond a relationship in a promise it does not await
 * (payload 3.90 validateSearchParams): when that part is refused (an unknown or unreadable field),
 * the rejection is unhandled and takes the Node process down. Validating that part here first,
 * awaited, answers the 400 before Payload gets there.
 */
const checkBeyondRelationship = async ({ payload, req, overrideAccess }: Check, hop: NonNullable<Leaf['hop']>, operator: string, value: unknown) => {
  const collectionConfig = collectionOf(payload, hop.collection)?.config
  if (collectionConfig) await validateQueryPaths({ collectionConfig, overrideAccess: Boolean(overrideAccess), req, where: { [hop.path]: { [operator]: value } } as Where })
}

/** Checks every condition of a `where` (and its and/or branches) against the collection's fields. */
export const checkWhere = async (check: Check, slug: string, where: unknown): Promise<void> => {
  if (where === undefined || where === null) return
  if (typeof where !== 'object' || Array.isArray(where)) throw new BadQueryValue('The "where" query must be an object of conditions.')
  for (const [path, condition] of Object.entries(where as Where)) {
    if (path === 'and' || path === 'or') {
      if (!Array.isArray(condition)) throw new BadQueryValue(`"${path}" must be a list of conditions.`)
      for (const branch of condition) await checkWhere(check, slug, branch)
      continue
    }
    if (typeof condition !== 'object' || condition === null || Array.isArray(condition)) {
      throw new BadQueryValue(`The condition on "${path}" must name an operator, e.g. where[${path}][equals]=…`)
    }
    const leaf = resolvePath(check.payload, slug, path)
    if (!leaf) continue
    for (const [operator, value] of Object.entries(condition)) {
      const problem = problemWith(leaf, operator, value)
      if (problem) throw new BadQueryValue(`The condition "${operator}" on "${path}" cannot be used: ${problem}.`)
      if (leaf.hop?.path) await checkBeyondRelationship(check, leaf.hop, operator, value)
    }
  }
}

/**
 * The request body's shape where Payload's field hooks assume it without checking: the body is an
 * object (a multipart `_payload` of `5` or `[]` reaches the operation as its data), a
 * relationship to several collections holds `{ relationTo, value }` objects, and dates parse.
 */
const checkData = (fields: FlattenedField[], data: unknown) => {
  if (data === undefined) return
  if (!isPlainObject(data)) throw new BadQueryValue('The request body must be a JSON object of fields.')
  for (const field of fields) {
    const value = (data as Record<string, unknown>)[field.name]
    if (value === undefined || value === null) continue
    if ((field.type === 'relationship' || field.type === 'upload') && Array.isArray(field.relationTo)) {
      const items = Array.isArray(value) ? value : [value]
      if (!items.every((item) => isPlainObject(item) && (field.relationTo as string[]).includes((item as { relationTo?: string }).relationTo ?? ''))) {
        throw new BadQueryValue(`"${field.name}" takes { relationTo, value } with relationTo one of ${field.relationTo.join(', ')}.`)
      }
    } else if (field.type === 'date' && !isDateValue(value)) {
      // SQLite stores any text; an unparseable date would then break every later read of the document.
      throw new BadQueryValue(`"${field.name}" must be a date.`)
    } else if (field.type === 'group' || field.type === 'tab') checkData(field.flattenedFields, value)
  }
}

type GuardedArgs = { id?: unknown; where?: unknown; joins?: unknown; data?: unknown }

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Checks each join's own `where` against the collection it joins. */
const checkJoins = async (check: Check, slug: string, joins: unknown) => {
  if (!joins || typeof joins !== 'object') return
  for (const [name, query] of Object.entries(joins)) {
    const join = collectionOf(check.payload, slug)?.config.flattenedFields.find((f) => f.name === name)
    const where = (query as { where?: unknown } | undefined)?.where
    if (join?.type === 'join' && typeof join.collection === 'string' && where !== undefined) await checkWhere(check, join.collection, where)
  }
}

export const rejectMalformedInput: CollectionBeforeOperationHook = async ({ args, collection, operation, overrideAccess, req }) => {
  const { id, where, joins, data } = args as GuardedArgs
  if (id !== undefined && !isIdValue(idKindOf(req.payload, collection.slug), id)) throw new NotFound(req.t)
  if (operation === 'create' || operation === 'update') checkData(collection.flattenedFields, data)
  const check = { payload: req.payload, req, overrideAccess }
  await checkWhere(check, collection.slug, where)
  await checkJoins(check, collection.slug, joins)
  return args
}

/**
 * Puts the guard first in every collection's beforeOperation hooks, Payload's own collections
 * (preferences, locked documents, key-value) included: those are added while the config is
 * sanitized, so the guard is added to the sanitized config. Also closes the `/versions` routes
 * Payload generates for collections without versions: they query a version table that does not
 * exist, so they could only fail (such paths then reach `/:id` and answer 404). An upload
 * collection's file route answers 404 for names that are not on disk. A document that a required
 * relationship still points at cannot be deleted (409).
 */
type Reference = { collection: string; path: string }

/** Paths of required single relationships to `slug`: their columns are NOT NULL, so a referenced document cannot go. */
const requiredReferencesTo = (config: SanitizedConfig, slug: string): Reference[] => {
  // Payload's `where` reaches into one level of arrays, not into an array inside an array.
  const walk = (collection: string, fields: FlattenedField[], prefix: string, inArray: boolean): Reference[] =>
    fields.flatMap((f) => {
      if ((f.type === 'relationship' || f.type === 'upload') && f.relationTo === slug && !f.hasMany && f.required) return [{ collection, path: prefix + f.name }]
      if (f.type === 'group' || f.type === 'tab') return walk(collection, f.flattenedFields, `${prefix}${f.name}.`, inArray)
      if (f.type === 'array' && !inArray) return walk(collection, f.flattenedFields, `${prefix}${f.name}.`, true)
      return []
    })
  return config.collections.flatMap((c) => walk(c.slug, c.flattenedFields, '', false))
}

/**
 * Deleting a document that others still require would make the database null their reference and
 * fail its NOT NULL constraint (a 500, and nothing deleted): answer 409 and say what still needs it.
 * Runs after the delete access check, so only someone allowed to delete learns this.
 */
const keepRequiredReferences =
  (references: Reference[]): CollectionBeforeDeleteHook =>
  async ({ id, req }) => {
    for (const { collection, path: refPath } of references) {
      const { totalDocs } = await req.payload.count({ collection: collection as never, where: { [refPath]: { equals: id } }, overrideAccess: true, req })
      if (totalDocs > 0) throw new APIError(`This document is still used by ${totalDocs} ${collection} (${refPath}). Delete or change those first.`, 409, undefined, true)
    }
  }

/**
 * Payload's file route answers 500 for a file name it cannot find on disk (it reserves that for a
 * document whose file went missing); a name that is not there is a 404 to the client.
 */
const serveOnlyExistingFiles = (collection: SanitizedCollectionConfig, endpoint: Endpoint): Endpoint => ({
  ...endpoint,
  handler: async (req) => {
    const dir = path.resolve((collection.upload && collection.upload.staticDir) || collection.slug)
    const name = req.routeParams?.filename
    const file = typeof name === 'string' ? path.resolve(dir, name) : dir
    // Names outside the folder are left to Payload, which refuses them with a 400.
    if (file.startsWith(dir + path.sep) && !(await fs.promises.stat(file).catch(() => null))) throw new NotFound(req.t)
    return endpoint.handler(req)
  },
})

export const guardEveryCollection = async (config: Promise<SanitizedConfig>): Promise<SanitizedConfig> => {
  const sanitized = await config
  for (const collection of sanitized.collections) {
    collection.hooks.beforeOperation = [rejectMalformedInput, ...(collection.hooks.beforeOperation ?? [])]
    const references = requiredReferencesTo(sanitized, collection.slug)
    if (references.length) collection.hooks.beforeDelete = [keepRequiredReferences(references), ...(collection.hooks.beforeDelete ?? [])]
    if (!collection.endpoints) continue
    if (!collection.versions) collection.endpoints = collection.endpoints.filter((e) => !e.path.startsWith('/versions'))
    // Payload's preference delete by key fails on both SQL adapters (its query joins a column that is not there); the admin does not use it.
    if (collection.slug === 'payload-preferences') collection.endpoints = collection.endpoints.filter((e) => !(e.method === 'delete' && e.path === '/:key'))
    if (collection.upload) collection.endpoints = collection.endpoints.map((e) => (e.method === 'get' && e.path === '/file/:filename' ? serveOnlyExistingFiles(collection, e) : e))
  }
  return sanitized
}

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

import {
  APIError,
  type Collection,
  type CollectionBeforeOperationHook,
  type FlattenedField,
  isValidID,
  NotFound,
  type Payload,
  type PayloadRequest,
  validateQueryPaths,
  type Where,
} from 'payload'

/**
 * One guard in front of every collection operation (REST, custom endpoints and the Local API all
 * pass here): a malformed id is a 404, a `where` value the database cannot compare with its field
 * is a 400. Without it the value reaches the SQL driver and the answer is a 500 (SQLite refuses
 * NaN/undefined parameters, PostgreSQL answers "invalid input syntax"). See docs/adr/bad-input-answered-4xx.md,
 * "Bad input: where the rule lives".
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
  value instanceof Date ? !Number.isNaN(value.getTime()) : (typeof value === 'string' || typeof value === 'number') && !Number.isNaN(new Date(value).getTime())

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
      if ((field.type === 'relationship' || field.type === 'upload') && typeof field.relationTo === 'string')
        return { field, id: idKindOf(payload, field.relationTo), hop }
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

/** Operators that compare text. */
const textOperators = new Set(['like', 'not_like', 'contains'])

/** Why this operator and value cannot be compared with the leaf, or undefined when they can. */
const problemWith = (leaf: Leaf, operator: string, value: unknown): string | undefined => {
  const type = leaf.field?.type
  // Relationships to several collections take `{ relationTo, value }`: Payload checks those itself.
  if ((type === 'relationship' || type === 'upload') && Array.isArray(leaf.field?.relationTo)) return undefined
  if (geoOperators.has(operator)) return type === 'point' ? undefined : `"${operator}" works only on point fields`
  if (operator === 'exists') return undefined
  // `equals: null` and "null" mean "not set" to Payload; any other value is compared.
  const values = valuesOf(operator, value).filter((v) => v !== null && v !== 'null')
  if (values.some((v) => typeof v === 'object' && !(v instanceof Date))) return 'a nested object is not a value'
  if (values.some(holdsNul)) return nulProblem
  if (leaf.id && !(type === 'relationship' || type === 'upload') && !leaf.field) {
    return values.every((v) => isIdValue(leaf.id as IdKind, v)) ? undefined : 'an id has the wrong format'
  }
  if (type === 'relationship' || type === 'upload') {
    if (!leaf.id || operator === 'like' || operator === 'not_like') return undefined
    return values.every((v) => isIdValue(leaf.id as IdKind, v)) ? undefined : 'an id has the wrong format'
  }
  // PostgreSQL has no text comparison for a number column (SQLite compares anything): one answer on both.
  if (type === 'number' && textOperators.has(operator)) return `"${operator}" compares text, and this field is a number`
  if (type === 'number') return values.every(isNumberValue) ? undefined : 'a number was expected'
  // The SQL adapters convert date values before comparing, `like` included; an unparseable one becomes no value at all.
  if (type === 'date') return values.every(isDateValue) ? undefined : 'a date was expected'
  return undefined
}

/**
 * Text with a NUL character (U+0000) is not text anyone typed, and PostgreSQL's text cannot hold
 * it: compared with a column there, it failed the statement (a 400 from ./errors.ts, logged at
 * error level with the whole query), while SQLite compared it and found nothing. Refused here on both.
 */
const holdsNul = (value: unknown) => typeof value === 'string' && value.includes('\u0000')
const nulProblem = 'text cannot contain the NUL character (U+0000)'

/** The fields a login or a password request or reset looks an account up by (Payload's `loginWithUsername`, the reset's token). */
const accountLookupFields = ['email', 'username', 'token'] as const
const lookupOperations = new Set(['login', 'forgotPassword', 'resetPassword'])

/** A login or password request or reset naming its account by text that cannot be anyone's (see `holdsNul`). */
const checkAccountLookup = (data: unknown) => {
  if (!isPlainObject(data)) return
  for (const name of accountLookupFields) if (holdsNul((data as Record<string, unknown>)[name])) throw new BadQueryValue(`"${name}": ${nulProblem}.`)
}

type Check = { payload: Payload; req: PayloadRequest; overrideAccess?: boolean }

/** Whether a path starts with one of the collection's fields (or its id). */
const namesAField = (payload: Payload, slug: string, path: string) => {
  const [first] = path.split('.')
  return first === 'id' || Boolean(collectionOf(payload, slug)?.config.flattenedFields.some((field) => field.name === first))
}

/**
 * Payload validates the part of a path beyond a relationship in a promise it does not await
 * (payload 3.90 validateSearchParams): when that part is refused (an unknown or unreadable field),
 * the rejection is unhandled and takes the Node process down. Validating that part here first,
 * awaited, answers the 400 before Payload gets there.
 */
const checkBeyondRelationship = async ({ payload, req, overrideAccess }: Check, hop: NonNullable<Leaf['hop']>, operator: string, value: unknown) => {
  const collectionConfig = collectionOf(payload, hop.collection)?.config
  if (collectionConfig)
    await validateQueryPaths({ collectionConfig, overrideAccess: Boolean(overrideAccess), req, where: { [hop.path]: { [operator]: value } } as Where })
}

/** Checks every condition of a `where` (and its and/or branches) against the collection's fields. */
const checkWhere = async (check: Check, slug: string, where: unknown): Promise<void> => {
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
    // Payload lists `all`, but the SQL adapters have no such operator (drizzle's operatorMap).
    if ('all' in condition && check.payload.db.name !== 'mongoose')
      throw new BadQueryValue(`The condition "all" on "${path}" is not supported by this database; use "in".`)
    const leaf = resolvePath(check.payload, slug, path)
    if (!leaf) {
      // A name the collection does not have: refused here, because Payload, validating it beside a
      // condition through a relationship, rejects a promise nobody awaits (see above).
      if (!namesAField(check.payload, slug, path)) throw new BadQueryValue(`The following path cannot be queried: ${path}`)
      continue
    }
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
 * relationship list holds no `null` entries, and dates parse.
 */
const checkData = (fields: FlattenedField[], data: unknown) => {
  if (data === undefined) return
  if (!isPlainObject(data)) throw new BadQueryValue('The request body must be a JSON object of fields.')
  for (const field of fields) {
    const value = (data as Record<string, unknown>)[field.name]
    if (value === undefined || value === null) continue
    if ((field.type === 'relationship' || field.type === 'upload') && Array.isArray(value) && value.some((item) => item === null)) {
      // Payload's field hooks read `relationTo` of each entry of a relationship list.
      throw new BadQueryValue(`"${field.name}" cannot hold null entries.`)
    } else if (field.type === 'date' && !isDateValue(value)) {
      // SQLite stores any text; an unparseable date would then break every later read of the document.
      throw new BadQueryValue(`"${field.name}" must be a date.`)
    } else if (holdsNul(value)) {
      throw new BadQueryValue(`"${field.name}": ${nulProblem}.`)
    } else if (field.type === 'group' || field.type === 'tab') checkData(field.flattenedFields, value)
  }
}

type GuardedArgs = { id?: unknown; where?: unknown; joins?: unknown; data?: unknown; limit?: unknown; page?: unknown; depth?: unknown }

/**
 * The largest page a list may ask for, and the furthest page: with both, the rows skipped stay far
 * below what either database's LIMIT and OFFSET take (SQLite and PostgreSQL refuse numbers past
 * 64 bits; JavaScript loses whole numbers past 2^53, and a fraction reached SQLite as is). Without
 * these a huge, negative or fractional `limit` or `page` reached the SQL driver and answered 500
 * with the whole query in the log. `pagination=false` is how a caller asks for every document.
 */
export const maxLimit = 10_000
export const maxPage = 1_000_000

/** A whole number within the range, as a number or as the digits of a query parameter. */
const wholeNumberIn = (value: unknown, min: number, max: number) => {
  const n = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max
}

/** `limit`, `page` and `depth`, the numbers Payload reads from a query (its parseParams leaves anything else as it came). */
export const checkNumbers = (req: PayloadRequest, args: { limit?: unknown; page?: unknown; depth?: unknown }, prefix = '') => {
  const ranges: [keyof typeof args, number, number][] = [
    ['limit', 0, maxLimit],
    ['page', 1, maxPage],
    ['depth', 0, req.payload.config.maxDepth ?? 10],
  ]
  for (const [name, min, max] of ranges) {
    const value = args[name]
    if (value !== undefined && value !== null && !wholeNumberIn(value, min, max))
      throw new BadQueryValue(`${prefix}${name} must be a whole number from ${min} to ${max}.`)
  }
}

const isPlainObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Checks each join's own `where` against the collection it joins. */
const checkJoins = async (check: Check, slug: string, joins: unknown) => {
  if (!joins || typeof joins !== 'object') return
  for (const [name, query] of Object.entries(joins)) {
    const join = collectionOf(check.payload, slug)?.config.flattenedFields.find((f) => f.name === name)
    if (isPlainObject(query)) checkNumbers(check.req, { limit: (query as GuardedArgs).limit, page: (query as GuardedArgs).page }, `joins[${name}].`)
    const where = (query as { where?: unknown } | undefined)?.where
    if (join?.type === 'join' && typeof join.collection === 'string' && where !== undefined) await checkWhere(check, join.collection, where)
  }
}

export const rejectMalformedInput: CollectionBeforeOperationHook = async ({ args, collection, operation, overrideAccess, req }) => {
  const { id, where, joins, data } = args as GuardedArgs
  if (id !== undefined && !isIdValue(idKindOf(req.payload, collection.slug), id)) throw new NotFound(req.t)
  checkNumbers(req, args as GuardedArgs)
  if (operation === 'create' || operation === 'update') checkData(collection.flattenedFields, data)
  if (lookupOperations.has(operation)) checkAccountLookup(data)
  const check = { payload: req.payload, req, overrideAccess }
  await checkWhere(check, collection.slug, where)
  await checkJoins(check, collection.slug, joins)
  return args
}

import { isDeepStrictEqual } from 'node:util'

import { Column, is, Name, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm'
import { NodePgSession } from 'drizzle-orm/node-postgres/session'
import { PgRelationalQuery } from 'drizzle-orm/pg-core/query-builders/query'
import { SQLiteRelationalQuery } from 'drizzle-orm/sqlite-core/query-builders/query'
import { LRUCache } from 'lru-cache'

/**
 * Payload reads every document through drizzle's relational queries (`db.query[table].findMany`),
 * and drizzle builds each one's SQL text anew from the query's description: that building took far
 * longer than running the SQL it built. Reads come in few shapes (the same collection, fields,
 * joins and kinds of filter) with different values, so the text is built once per shape and
 * cached, with a slot where each value goes (docs/adr/query-building-cached.md).
 *
 * A shape is the query's description with its values taken out: the structure of its filter (the
 * SQL chunks, the tables and columns named), its columns, relations, limit and offset. A value
 * sits in a `Param` (from `eq`, `inArray`, …) or in a `sql` template as a plain value; both become
 * placeholders while the text is built, and the value is put in its slot at each run. Anything
 * this cannot describe with certainty (a function other than Payload's fixed `orderBy` sorts, a
 * subquery, an aliased table, inlined parameters, a value that encodes to SQL) is built as
 * drizzle builds it, every time.
 *
 * This swaps drizzle-orm's methods at run time (`keepBuiltRelationalQueries`): what it assumes of
 * drizzle is listed in patches/README.md ("kept relational query texts") and checked by
 * tests/library-guards.test.ts.
 */
type Built = { sql: string; params: unknown[]; typings?: unknown[] }
type Query = { query: unknown; builtQuery: Built }
type Slot = { name: string; value: () => unknown }

/** Drizzle's mark on an aliased table (`alias()`), whose columns are made anew at each use. */
const isAlias = Symbol.for('drizzle:IsAlias')

/** Not describable as a shape: the query is built the usual way. One object, thrown again and again: no stack to capture each time. */
const noShape = new Error('not describable as a shape')

const ids = new WeakMap<object, number>()
let nextId = 0
/** Schema tables and columns are made once per Payload instance: each has a number for the shape. */
const idOf = (entity: object) => {
  let id = ids.get(entity)
  if (id === undefined) ids.set(entity, (id = ++nextId))
  return id
}

/**
 * Payload's sort of array rows and relationship rows, `({ _order }, { asc }) => [asc(_order)]`: a
 * function naming only its own parameters behaves the same every call, so its text is its shape.
 */
const fixedSort = /^\(\{\s*(\w+)\s*\},\s*\{\s*(\w+)(?:\s*:\s*(\w+))?\s*\}\)\s*=>\s*\[\s*(\w+)\(\s*(\w+)\s*\)\s*,?\s*\]$/
const isFixedSort = (fn: { toString(): string }) => {
  const match = fixedSort.exec(fn.toString())
  return !!match && match[4] === (match[3] ?? match[2]) && match[5] === match[1]
}

/**
 * Walks a query's description: returns its shape, collects its value slots, and (with `mark`)
 * swaps each value for a placeholder, undone by the returned `restore` list.
 */
class ShapeReader {
  readonly slots: Slot[] = []
  readonly restore: (() => void)[] = []
  private readonly params = new Map<Param, string>()
  private readonly seen = new Set<SQL>()

  constructor(private readonly mark: boolean) {}

  private slot(value: () => unknown) {
    const name = `__shape${this.slots.length}`
    this.slots.push({ name, value })
    return name
  }

  private param(param: Param): string {
    const known = this.params.get(param)
    if (known) return known
    const value = param.value
    if (is(value, Placeholder)) throw noShape
    const encoded = value === null ? null : param.encoder.mapToDriverValue(value)
    if (is(encoded, SQL)) throw noShape
    const name = this.slot(() => encoded)
    this.params.set(param, name)
    if (this.mark) {
      const writable = param as { value: unknown }
      writable.value = new Placeholder(name)
      this.restore.push(() => (writable.value = value))
    }
    return name
  }

  private chunks(sql: SQL): string {
    if (this.seen.has(sql)) throw noShape
    this.seen.add(sql)
    if ((sql as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw noShape
    const chunks = sql.queryChunks as unknown[]
    let shape = '('
    for (let i = 0; i < chunks.length; i++) {
      const chunk = chunks[i]
      if (is(chunk, StringChunk)) shape += `'${chunk.value.join('')}'`
      else if (is(chunk, Name)) shape += `n${chunk.value}`
      else if (chunk === undefined) shape += 'u'
      else if (is(chunk, SQL) || is(chunk, Param) || is(chunk, Column) || is(chunk, Table)) shape += this.entity(chunk)
      else if (Array.isArray(chunk)) shape += `[${chunk.map((item) => this.listItem(item)).join(',')}]`
      else if (isPlainValue(chunk)) {
        const name = this.slot(() => chunk)
        if (this.mark) {
          chunks[i] = new Placeholder(name)
          this.restore.push(() => (chunks[i] = chunk))
        }
        shape += '?'
      } else throw noShape
    }
    return `${shape})`
  }

  /** A list inside a template (`(a, b, c)`): its items are SQL, params, columns or values drizzle binds. */
  private listItem(item: unknown): string {
    if (is(item, SQL) || is(item, Param) || is(item, Column)) return this.entity(item)
    throw noShape
  }

  entity(value: unknown): string {
    if (is(value, SQL)) return this.chunks(value)
    if (is(value, Param)) return `p${this.param(value)}`
    if (is(value, Column)) {
      if ((value.table as unknown as Record<symbol, boolean>)[isAlias]) throw noShape
      return `c${idOf(value)}`
    }
    if (is(value, Table)) {
      if ((value as unknown as Record<symbol, boolean>)[isAlias]) throw noShape
      return `t${idOf(value)}`
    }
    throw noShape
  }

  /**
   * A function of nothing, as Payload's sort `() => orderBy.map(…)`: drizzle calls it while building,
   * so its answer is described instead, when that answer holds no value to bind (a value would be
   * bound afresh by drizzle's own call, past the placeholders).
   */
  private valueFree(fn: () => unknown): string {
    const before = this.slots.length
    const shape = this.describe(fn())
    if (this.slots.length !== before) throw noShape
    return `f(${shape})`
  }

  /** The description: plain objects and arrays of settings, with SQL, columns and fixed sorts in them. */
  describe(value: unknown): string {
    if (value === null || value === undefined || typeof value === 'boolean' || typeof value === 'number') return String(value)
    if (typeof value === 'string') return JSON.stringify(value)
    if (typeof value === 'function') {
      if (isFixedSort(value)) return `f${value.toString()}`
      if (value.length === 0) return this.valueFree(value as () => unknown)
      throw noShape
    }
    if (Array.isArray(value)) return `[${value.map((item) => this.describe(item)).join(',')}]`
    if (typeof value !== 'object') throw noShape
    if (Object.getPrototypeOf(value) !== Object.prototype) return this.entity(value)
    let shape = '{'
    for (const key of Object.keys(value)) shape += `${JSON.stringify(key)}:${this.describe((value as Record<string, unknown>)[key])},`
    return `${shape}}`
  }
}

/** What a `sql` template binds as a value of its own (drizzle's last case: not an entity, not a list). */
const isPlainValue = (chunk: unknown) =>
  chunk === null || typeof chunk === 'string' || typeof chunk === 'number' || typeof chunk === 'boolean' || typeof chunk === 'bigint' || chunk instanceof Date

type RelationalQuery = {
  table: object
  dialect: object
  mode: string
  config: unknown
  _toSQL: () => Query
}

/** The built text of each shape, with placeholders where its values go. Bounded: shapes with a limit per page, say, vary. */
const cachedQueries = new LRUCache<string, Query>({ max: 2_000 })

/** The query built from its cached shape: the cached text, and this query's values in its slots. */
const fill = (shaped: Query, slots: Slot[]): Query => {
  const values = new Map(slots.map((slot) => [slot.name, slot]))
  const params = shaped.builtQuery.params.map((param) => (is(param, Placeholder) ? values.get(param.name)!.value() : param))
  return { query: shaped.query, builtQuery: { ...shaped.builtQuery, params } }
}

/**
 * PostgreSQL plans a statement each time it is sent unnamed, and planning Payload's reads (an
 * account's row with five lateral joins for its arrays) costs several times what running them
 * does. A cached text is sent as a named statement instead: each connection
 * parses and plans it once (node-postgres prepares a name on first use per connection) and then
 * only binds the values. The names are one per text, and few: the count is capped so that the
 * statements each connection holds stay bounded; past the cap a text is sent unnamed as before.
 */
const statementNames = new Map<string, string>()
const maxStatementNames = 500
const statementNameOf = (text: string) => {
  let name = statementNames.get(text)
  if (name === undefined && statementNames.size < maxStatementNames) statementNames.set(text, (name = `civics360_kept_${statementNames.size + 1}`))
  return name
}
/** The statement name of each built query handed out from a cached text, read when drizzle prepares it. */
const namedQueries = new WeakMap<Built, string>()

/**
 * Drizzle's own method, kept on its prototype: a second copy of this module in the process (a test
 * runner's fresh module graph per file, a development reload) wraps drizzle's method, not the first
 * copy's wrapper, and its own cached texts and checks are the ones used from then on.
 */
const drizzleOwn = Symbol.for('civics360.drizzleOwnMethod')
const ownMethod = <T>(prototype: object, name: string): T => {
  const own = ((prototype as Record<symbol, Record<string, unknown>>)[drizzleOwn] ??= {})
  own[name] ??= (prototype as Record<string, unknown>)[name]
  return own[name] as T
}

const nameCachedStatements = (prototype: { prepareQuery: (query: Built, fields: unknown, name: string | undefined, ...rest: unknown[]) => unknown }) => {
  const prepare = ownMethod<typeof prototype.prepareQuery>(prototype, 'prepareQuery')
  prototype.prepareQuery = function (this: unknown, query, fields, name, ...rest) {
    return prepare.call(this, query, fields, name ?? namedQueries.get(query), ...rest)
  }
}

const keepShapes = (prototype: RelationalQuery, named: boolean) => {
  const build = ownMethod<RelationalQuery['_toSQL']>(prototype, '_toSQL')
  prototype._toSQL = function (this: RelationalQuery): Query {
    let shape: string
    let slots: Slot[]
    try {
      const reader = new ShapeReader(false)
      shape = `${idOf(this.dialect)}|${idOf(this.table)}|${this.mode}|${reader.describe(this.config)}`
      slots = reader.slots
    } catch (error) {
      if (error === noShape) return build.call(this)
      throw error
    }
    let shaped = cachedQueries.get(shape)
    if (!shaped) {
      // Built once with placeholders where the values are, the values put back at once after.
      const marker = new ShapeReader(true)
      try {
        marker.describe(this.config)
        const built = build.call(this)
        // Drizzle lists a marked Param itself among the parameters: its placeholder is what is cached.
        const params = built.builtQuery.params.map((param) => (is(param, Param) && is(param.value, Placeholder) ? param.value : param))
        shaped = { query: built.query, builtQuery: { ...built.builtQuery, params } }
      } finally {
        for (const undo of marker.restore.reverse()) undo()
      }
      cachedQueries.set(shape, shaped)
    }
    const filled = fill(shaped, slots)
    const statementName = named && statementNameOf(filled.builtQuery.sql)
    if (statementName) namedQueries.set(filled.builtQuery, statementName)
    if (checking) sameAsFreshBuild(filled.builtQuery, build.call(this).builtQuery)
    return filled
  }
}

/** Tests: every query's cached text and values must equal what drizzle builds fresh, or the read throws. */
let checking = false
export const checkKeptAgainstFreshBuilds = (on: boolean) => {
  checking = on
}
const sameAsFreshBuild = (cached: Built, fresh: Built) => {
  if (cached.sql !== fresh.sql || !isDeepStrictEqual(cached.params, fresh.params)) {
    throw new Error(`A cached query differs from its fresh build:\n${JSON.stringify(cached)}\n${JSON.stringify(fresh)}`)
  }
}

let installed = false
/** Drizzle's relational queries (SQLite and PostgreSQL) build each shape's SQL once, and PostgreSQL plans it once per connection. Process-wide, once per copy of this module. */
export const keepBuiltRelationalQueries = () => {
  if (installed) return
  installed = true
  keepShapes(SQLiteRelationalQuery.prototype as unknown as RelationalQuery, false)
  keepShapes(PgRelationalQuery.prototype as unknown as RelationalQuery, true)
  nameCachedStatements(NodePgSession.prototype as unknown as Parameters<typeof nameCachedStatements>[0])
}

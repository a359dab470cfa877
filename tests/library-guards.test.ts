import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

import { hash as argon2Hash } from '@node-rs/argon2'
import { is, SQL, Table } from 'drizzle-orm'
import { NodePgSession } from 'drizzle-orm/node-postgres/session'
import { PgRelationalQuery } from 'drizzle-orm/pg-core/query-builders/query'
import { SQLiteRelationalQuery } from 'drizzle-orm/sqlite-core/query-builders/query'
import { setArgon2Runner } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { isStaff } from '@access/isStaff'
import { checkPasswordHashing, hashPasswordsOnWorkerThreads } from '@cms/auth/passwordHashing'
import { Actors, password } from './helpers/actors'
import { passwordChecksDuring } from './helpers/passwordChecks'
import { startServer, type TestServer } from './helpers/server'

/**
 * What each patch to a library's files and each run-time swap of a library's internals assumes
 * (patches/README.md has one row per patch or swap). An upgrade that takes an assumption away
 * fails here, with a message naming the patch or swap and its README row, instead of a site that
 * quietly hashes, logs in or builds queries another way. Runs on SQLite, and on PostgreSQL with
 * TEST_POSTGRES_URL.
 */

const root = path.resolve(import.meta.dirname, '..')
const patchesDir = path.join(root, 'patches')
const readme = 'patches/README.md'

/** The folder Node loads `name` from when `from` (a package folder) imports it: exports maps aside, the plain node_modules walk. */
const packageDir = (name: string, from = root) => {
  const searched = createRequire(path.join(from, 'package.json')).resolve.paths(name) ?? []
  const found = searched.map((dir) => path.join(dir, name)).find((dir) => fs.existsSync(path.join(dir, 'package.json')))
  if (!found) throw new Error(`${name} is not installed where ${path.relative(root, from) || 'the project'} would load it`)
  return fs.realpathSync(found)
}
const installedVersion = (name: string) => (JSON.parse(fs.readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as { version: string }).version

type PatchFile = { file: string; name: string; version: string; added: Map<string, string[]> }

/** Each patch in patches/: the package and version its name gives, and the lines it adds to each file. */
const patchFiles: PatchFile[] = fs
  .readdirSync(patchesDir)
  .filter((file) => file.endsWith('.patch'))
  .map((file) => {
    const match = /^(.+)\+(\d+\.\d+\.\d+[^+]*)\.patch$/.exec(file)
    if (!match) throw new Error(`patches/${file}: not named <package>+<version>.patch, as patch-package names them`)
    const added = new Map<string, string[]>()
    let target: string[] | undefined
    for (const line of fs.readFileSync(path.join(patchesDir, file), 'utf8').split('\n')) {
      const into = /^\+\+\+ b\/(.+)$/.exec(line)
      if (into) added.set(into[1], (target = []))
      else if (line.startsWith('+') && target && line.slice(1).trim() !== '') target.push(line.slice(1).trim())
    }
    return { file, name: match[1].replace(/\+/g, '/'), version: match[2], added }
  })

describe('the patches in patches/ are applied to the packages the server loads', () => {
  it('there are patches for payload, drizzle-orm and @libsql/client, and each names the installed version', () => {
    expect(patchFiles.map((patch) => patch.name).sort()).toEqual(['@libsql/client', 'drizzle-orm', 'payload'])
    for (const patch of patchFiles) {
      expect(
        installedVersion(patch.name),
        `patches/${patch.file} was made for ${patch.name} ${patch.version}, but another version is installed: re-port it (docs/upgrading.md, "Re-porting a patch") and rename it`,
      ).toBe(patch.version)
    }
  })

  for (const patch of patchFiles) {
    it(`every line patches/${patch.file} adds is in the installed files`, () => {
      for (const [file, lines] of patch.added) {
        const installed = fs.readFileSync(path.join(root, file), 'utf8')
        const absent = lines.filter((line) => !installed.includes(line))
        expect(absent, `patches/${patch.file} is not applied to ${file} (run \`npx patch-package --error-on-fail\`; ${readme})`).toEqual([])
      }
    })
  }

  it('one copy of each patched package: Payload and its adapters load the patched files, not copies of their own', () => {
    const loadedBy: [string, string][] = [
      ['payload', '@payloadcms/next'],
      ['payload', '@payloadcms/db-sqlite'],
      ['payload', '@payloadcms/db-postgres'],
      ['drizzle-orm', '@payloadcms/drizzle'],
      ['drizzle-orm', '@payloadcms/db-sqlite'],
      ['drizzle-orm', '@payloadcms/db-postgres'],
      ['@libsql/client', '@payloadcms/db-sqlite'],
      ['@libsql/client', 'drizzle-orm'],
    ]
    for (const [patched, user] of loadedBy) {
      expect(
        packageDir(patched, packageDir(user)),
        `${user} loads a copy of ${patched} of its own, which the patch (or the swap in cms/database/builtQueries.ts) never reaches: ` +
          `pin ${patched} in package.json to the version ${user} asks for (\`npm ls ${patched}\` must say deduped; ${readme})`,
      ).toBe(packageDir(patched))
    }
  })
})

describe('what cms/database/builtQueries.ts swaps on drizzle-orm exists with the shape it expects', () => {
  const source = (fn: unknown) => String(fn)
  const swap = `cms/database/builtQueries.ts (${readme}, "kept relational query texts")`

  it("the relational queries' _toSQL, called by their _prepare, answering { query, builtQuery }", () => {
    for (const [name, query] of [
      ['SQLiteRelationalQuery', SQLiteRelationalQuery],
      ['PgRelationalQuery', PgRelationalQuery],
    ] as const) {
      const prototype = query.prototype as unknown as Record<string, unknown>
      expect(typeof prototype._toSQL, `${swap} replaces ${name}.prototype._toSQL, which drizzle-orm no longer has`).toBe('function')
      expect(
        source(prototype._prepare),
        `${swap}: ${name}._prepare no longer builds its SQL through this._toSQL(), so the kept texts are never used`,
      ).toContain('this._toSQL()')
      expect(source(prototype._prepare), `${swap}: ${name}._prepare no longer reads { query, builtQuery } from _toSQL()`).toMatch(
        /\{\s*query,\s*builtQuery\s*\}\s*=\s*this\._toSQL\(\)/,
      )
    }
  })

  it("node-postgres sessions' prepareQuery takes the statement name third", () => {
    // drizzle's own method: once builtQueries.ts has wrapped it (a server started by an earlier test
    // file of this worker), the original is kept on the prototype under this symbol.
    const prototype = NodePgSession.prototype as unknown as Record<string | symbol, unknown>
    const kept = prototype[Symbol.for('civics360.drizzleOwnMethod')] as Record<string, unknown> | undefined
    const prepareQuery = kept?.prepareQuery ?? prototype.prepareQuery
    expect(typeof prepareQuery, `${swap} replaces NodePgSession.prototype.prepareQuery, which drizzle-orm no longer has`).toBe('function')
    expect(source(prepareQuery), `${swap} passes a statement name as prepareQuery's third parameter, which drizzle-orm no longer takes there`).toMatch(
      /^(async\s+)?prepareQuery\(\s*query,\s*fields,\s*name\b/,
    )
  })

  it("drizzle's `is` (patched to answer per prototype) still answers as drizzle's own", () => {
    class Other {}
    expect(is(new SQL([]), SQL), `patches/drizzle-orm+*.patch: \`is\` refused a value of its own class (${readme})`).toBe(true)
    expect(is(new Other(), SQL), `patches/drizzle-orm+*.patch: \`is\` accepted a value of another class (${readme})`).toBe(false)
    class Kept extends SQL {}
    for (let ask = 0; ask < 2; ask++) {
      expect(is(new Kept([]), SQL), `patches/drizzle-orm+*.patch: \`is\` refused a subclass (${readme})`).toBe(true)
      expect(is(new Kept([]), Table), `patches/drizzle-orm+*.patch: \`is\` answered one class for another on the same prototype (${readme})`).toBe(false)
    }
    expect(is({}, SQL)).toBe(false)
  })
})

describe('the password check refuses to start without argon2id', () => {
  it('checkPasswordHashing passes with the patched hasher and fails, naming the patch, when argon2id hashes do not verify', async () => {
    await expect(checkPasswordHashing()).resolves.toBeUndefined()
    setArgon2Runner({ hash: argon2Hash, verify: async () => false })
    try {
      await expect(checkPasswordHashing()).rejects.toThrow(/patches\/payload\+3\.90\.1\.patch.*refuse every account/)
    } finally {
      hashPasswordsOnWorkerThreads()
    }
  })
})

describe('Payload still reaches each patched function (patches/payload+3.90.1.patch)', () => {
  let server: TestServer
  let actors: Actors
  beforeAll(async () => {
    server = await startServer({ env: { RATE_LIMIT_FACTOR: '100' } })
    actors = new Actors(server.payload, server.base)
  })
  afterAll(() => server?.close())

  const storedHash = async (id: number | string) =>
    ((await server.payload.db.findOne({ collection: 'users', where: { id: { equals: id } } })) as { hash?: string } | null)?.hash

  /** Calls to the adapter's methods named, during `run` (the adapter object of this server only, put back after). */
  const adapterCallsDuring = async (methods: string[], run: () => Promise<unknown>) => {
    const db = server.payload.db as unknown as Record<string, (...args: unknown[]) => unknown>
    const calls: { method: string; args: unknown }[] = []
    const originals = methods.map((method) => [method, db[method]] as const)
    for (const [method, original] of originals) {
      db[method] = function (this: unknown, ...args: unknown[]) {
        calls.push({ method, args: args[0] })
        return original.apply(this, args)
      }
    }
    try {
      await run()
    } finally {
      for (const [method, original] of originals) db[method] = original
    }
    return calls
  }

  it("a password set through the Local API is stored as argon2id and logs in through Payload's login", async () => {
    const teacher = await actors.educator()
    expect(
      await storedHash(teacher.user.id),
      `Payload no longer hashes through the patched generatePasswordSaltHash.js: new passwords are not argon2id (${readme}, "argon2id hashes")`,
    ).toMatch(/^\$argon2id\$v=19\$m=12288,t=3,p=1\$/)
    const login = await server.payload.login({ collection: 'users', data: { email: teacher.user.email, password } }).catch((error: unknown) => error)
    expect(
      login,
      `Payload's login no longer verifies through the patched authenticate.js: argon2id accounts are refused (${readme}, "argon2id hashes")`,
    ).toHaveProperty('token')
  })

  it("an unknown account's login costs one password check, as a wrong password does", async () => {
    const login = (email: string) => server.payload.login({ collection: 'users', data: { email, password: 'not-the-password' } }).catch(() => undefined)
    expect(
      await passwordChecksDuring(() => login(`nobody-${Date.now()}@example.org`)),
      `Payload's login no longer reaches the patched lookup in login.js: an unknown account answers at once, telling which accounts exist (${readme}, "equal time")`,
    ).toBe(1)
  })

  it('a login with no expired session appends its session in one write, outside a transaction', async () => {
    const teacher = await actors.educator()
    const calls = await adapterCallsDuring(['updateOne', 'beginTransaction'], () =>
      server.payload.login({ collection: 'users', data: { email: teacher.user.email, password } }),
    )
    const writes = calls.filter((call) => call.method === 'updateOne').map((call) => (call.args as { data?: Record<string, unknown> }).data)
    expect(
      writes.map((data) => Object.keys(data?.sessions ?? {})),
      `Payload's login no longer appends its session with { sessions: { $push } } (patched sessions.js; ${readme}, "session appended")`,
    ).toEqual([['$push']])
    expect(
      calls.filter((call) => call.method === 'beginTransaction'),
      `Payload's login opened a transaction for a login that only appends its session (patched login.js; ${readme}, "no transaction")`,
    ).toEqual([])
  })

  it('a login that drops an expired session writes the account whole, inside a transaction', async () => {
    const teacher = await actors.educator()
    const past = new Date(Date.now() - 86_400_000)
    await server.payload.db.updateOne({
      collection: 'users',
      id: teacher.user.id,
      data: { sessions: [{ id: 'expired-session', createdAt: new Date(past.getTime() - 86_400_000), expiresAt: past }] },
    })
    const calls = await adapterCallsDuring(['updateOne', 'beginTransaction'], () =>
      server.payload.login({ collection: 'users', data: { email: teacher.user.email, password } }),
    )
    const write = calls.find((call) => call.method === 'updateOne')?.args as { data?: { sessions?: { id: string }[] } } | undefined
    expect(
      Array.isArray(write?.data?.sessions),
      `the patched addSessionToUser no longer rewrites the sessions when one has expired (${readme}, "session appended")`,
    ).toBe(true)
    expect(write?.data?.sessions?.map((session) => session.id)).not.toContain('expired-session')
    expect(
      calls.filter((call) => call.method === 'beginTransaction').length,
      `Payload's login no longer opens its transaction when the account is rewritten (patched login.js; ${readme}, "no transaction")`,
    ).toBeGreaterThan(0)
  })

  it("Payload's document-lock collection is there for cms/database/lockedDocuments.ts to make staff only", () => {
    const locks = server.payload.collections['payload-locked-documents']?.config
    expect(
      locks,
      `Payload no longer makes the collection payload-locked-documents, whose access cms/database/lockedDocuments.ts restricts (${readme}, "staff-only document locks")`,
    ).toBeDefined()
    expect(locks?.access.create, `cms/database/lockedDocuments.ts no longer sets the document locks' access (${readme}, "staff-only document locks")`).toBe(
      isStaff,
    )
  })

  it("the relational queries Payload's adapter makes are the classes cms/database/builtQueries.ts swapped", () => {
    const drizzle = (server.payload.db as unknown as { drizzle: { query: Record<string, { findFirst: (config?: unknown) => unknown }>; session: unknown } })
      .drizzle
    const query = drizzle.query.users.findFirst({}) as Record<string, unknown>
    const postgres = Boolean(process.env.TEST_POSTGRES_URL)
    const expected = postgres ? PgRelationalQuery : SQLiteRelationalQuery
    expect(
      query,
      `Payload's adapter makes relational queries of a class cms/database/builtQueries.ts does not swap (${readme}, "kept relational query texts")`,
    ).toBeInstanceOf(expected)
    for (const field of ['table', 'dialect', 'mode', 'config']) {
      expect(query, `cms/database/builtQueries.ts reads a relational query's \`${field}\`, which drizzle-orm no longer sets (${readme})`).toHaveProperty(field)
    }
    expect(typeof query.mode).toBe('string')
    if (postgres) {
      expect(
        drizzle.session,
        `Payload's PostgreSQL adapter no longer runs on node-postgres sessions, whose prepareQuery cms/database/builtQueries.ts names (${readme})`,
      ).toBeInstanceOf(NodePgSession)
    }
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { checkKeptAgainstFreshBuilds } from '@cms/database/builtQueries'
import { serverForFile } from './helpers/fileServer'

/**
 * Drizzle's relational queries keep the SQL built for each shape of read
 * (cms/database/builtQueries.ts) and put each read's own values in its slots. Every read here is also
 * built fresh and compared (`checkKeptAgainstFreshBuilds`): a kept text or a value in the wrong
 * slot fails the read. Runs on SQLite, and on PostgreSQL with TEST_POSTGRES_URL.
 */

/** How many times drizzle built a relational query's SQL from its description. */
let builds = 0

const { server, actors } = serverForFile()
beforeAll(async () => {
  checkKeptAgainstFreshBuilds(true)
  const { dialect } = (server.payload.db as unknown as { drizzle: { dialect: Record<string, (...args: unknown[]) => unknown> } }).drizzle
  // SQLite's dialect builds relational queries with buildRelationalQuery, PostgreSQL's with buildRelationalQueryWithoutPK.
  for (const method of ['buildRelationalQuery', 'buildRelationalQueryWithoutPK']) {
    const build = dialect[method]
    if (typeof build !== 'function') continue
    dialect[method] = function (this: unknown, ...args: unknown[]) {
      builds++
      return build.apply(this, args)
    }
  }
})
afterAll(async () => {
  checkKeptAgainstFreshBuilds(false)
})

describe('one SQL text per shape of read, each read with its own values', () => {
  it('reads of different accounts by id and by username each answer their own account, from one built text per shape', async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const students = await Promise.all([1, 2, 3, 4].map(() => actors.student(classroom.id)))
    // A first read of each shape, then the count: the reads after it build nothing.
    await server.payload.findByID({ collection: 'users', id: teacher.user.id, depth: 0, overrideAccess: true })
    await server.payload.find({ collection: 'users', where: { username: { equals: students[0].user.username } }, depth: 0, overrideAccess: true })
    // Counted without the fresh builds that check each read.
    checkKeptAgainstFreshBuilds(false)
    const before = builds
    for (const student of students) {
      const byId = await server.payload.findByID({ collection: 'users', id: student.user.id, depth: 0, overrideAccess: true })
      expect(byId).toMatchObject({ id: student.user.id, username: student.user.username })
      const byName = await server.payload.find({ collection: 'users', where: { username: { equals: student.user.username } }, depth: 0, overrideAccess: true })
      expect(byName.docs.map((doc) => doc.id)).toEqual([student.user.id])
    }
    expect(builds - before).toBe(0)
    checkKeptAgainstFreshBuilds(true)
    // On PostgreSQL each kept text goes out as a named statement, parsed and planned once per connection.
    if (process.env.TEST_POSTGRES_URL) {
      const { pool } = server.payload.db as unknown as { pool: { _clients: { connection: { parsedStatements: Record<string, string> } }[] } }
      const prepared = pool._clients.flatMap((client) => Object.entries(client.connection.parsedStatements))
      expect(prepared.some(([name, text]) => name.startsWith('civics360_kept_') && text.includes('from "users"'))).toBe(true)
    }
  })

  it('filters of every kind (in a list of any length, like, and/or, null, a date, a relationship) answer as built fresh', async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    const students = await Promise.all([1, 2, 3].map(() => actors.student(classroom.id)))
    const ids = students.map((student) => student.user.id as number).sort((a, b) => a - b)
    for (const some of [ids.slice(0, 1), ids.slice(0, 2), ids]) {
      const found = await server.payload.find({ collection: 'users', where: { id: { in: some } }, depth: 0, overrideAccess: true, sort: 'id' })
      expect(found.docs.map((doc) => doc.id)).toEqual(some)
    }
    const named = await server.payload.find({
      collection: 'users',
      where: { or: [{ username: { like: students[1].user.username } }, { email: { equals: 'nobody@example.org' } }] },
      depth: 0,
      overrideAccess: true,
    })
    expect(named.docs.map((doc) => doc.id)).toEqual([students[1].user.id])
    const recent = await server.payload.find({
      collection: 'users',
      where: {
        and: [
          { 'attributes.classroom': { equals: classroom.id } },
          { createdAt: { greater_than: new Date(Date.now() - 3_600_000).toISOString() } },
          { email: { exists: false } },
        ],
      },
      depth: 0,
      overrideAccess: true,
      sort: 'id',
    })
    expect(recent.docs.map((doc) => doc.id)).toEqual(ids)
  })

  it('a page of results, a count and a depth answer as built fresh, and a query it cannot describe is built every time', async () => {
    const teacher = await actors.educator()
    const classroom = await actors.classroom(teacher)
    await Promise.all([1, 2, 3].map(() => actors.student(classroom.id)))
    const pageOfClass = (page: number) =>
      server.payload.find({
        collection: 'users',
        where: { 'attributes.classroom': { equals: classroom.id } },
        limit: 2,
        page,
        depth: 1,
        overrideAccess: true,
        sort: 'id',
      })
    const first = await pageOfClass(1)
    const second = await pageOfClass(2)
    expect(first.totalDocs).toBe(3)
    expect([...first.docs, ...second.docs].map((doc) => doc.id)).toHaveLength(3)
    expect(new Set([...first.docs, ...second.docs].map((doc) => doc.id)).size).toBe(3)
    expect((first.docs[0] as { attributes: { classroom: { code: string } } }).attributes.classroom.code).toBe(classroom.code)
    // Topics join their modules through a subquery: built by drizzle at each read, and right.
    const topic = await server.payload.create({ collection: 'topics', data: { title: 'Shapes', markdown: 'Body', order: 1 } as never, overrideAccess: true })
    checkKeptAgainstFreshBuilds(false)
    const before = builds
    const again = await server.payload.findByID({ collection: 'topics', id: topic.id, depth: 1, overrideAccess: true })
    await server.payload.findByID({ collection: 'topics', id: topic.id, depth: 1, overrideAccess: true })
    expect(again).toMatchObject({ id: topic.id, title: 'Shapes' })
    expect(builds - before).toBeGreaterThanOrEqual(2)
    checkKeptAgainstFreshBuilds(true)
  })
})
